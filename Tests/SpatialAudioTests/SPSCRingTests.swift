// The command ring between game and audio thread: full-ring refusal, order kept, and a producer thread racing a
// consumer that drains.
import Foundation
import Synchronization
import Testing

@testable import SpatialAudio

/// Counts its instances, so a test can see that the ring neither leaks nor frees twice what passes through it.
private final class Tracked: Sendable {
    static let alive = Atomic<Int>(0)
    let value: Int
    init(_ value: Int) {
        self.value = value
        Self.alive.add(1, ordering: .relaxed)
    }
    deinit { Self.alive.subtract(1, ordering: .relaxed) }
}

@Suite("SPSC ring")
struct SPSCRingTests {
    private func drained(_ ring: SPSCRing<Int>) -> [Int] {
        var taken: [Int] = []
        ring.drain { taken.append($0) }
        return taken
    }

    @Test("A full ring refuses the next element and takes it again once drained")
    func fullRingRefuses() {
        let ring = SPSCRing<Int>(capacity: 4)
        #expect((0..<4).allSatisfy { ring.push($0) })
        #expect(!ring.push(4), "a fifth element does not fit a ring of four")
        #expect(ring.count == 4)
        #expect(drained(ring) == [0, 1, 2, 3], "the refused element is not in the ring")
        #expect(ring.count == 0)
        #expect(ring.push(4))
        #expect(drained(ring) == [4])
    }

    @Test("Elements come out in the order they went in, across many wraps of the ring")
    func orderKeptAcrossWraps() {
        let ring = SPSCRing<Int>(capacity: 8)
        var next = 0
        var out: [Int] = []
        // Batches of 1 to 8, so the indices wrap at every possible slot.
        for round in 0..<100 {
            for _ in 0..<(round % 8 + 1) {
                #expect(ring.push(next))
                next += 1
            }
            out += drained(ring)
        }
        #expect(out == Array(0..<next))
    }

    @Test("Nothing is leaked or released twice: drained elements are moved out, what is left goes with the ring")
    func referencesAreMovedNotCopied() {
        let before = Tracked.alive.load(ordering: .relaxed)
        var kept: [Tracked] = []
        do {
            let ring = SPSCRing<Tracked>(capacity: 4)
            for value in 0..<3 { _ = ring.push(Tracked(value)) }
            ring.drain { kept.append($0) }
            _ = ring.push(Tracked(3))
            #expect(Tracked.alive.load(ordering: .relaxed) == before + 4)
        }
        #expect(kept.map(\.value) == [0, 1, 2])
        #expect(Tracked.alive.load(ordering: .relaxed) == before + 3, "the undrained element went with the ring")
        kept.removeAll()
        #expect(Tracked.alive.load(ordering: .relaxed) == before)
    }

    @Test("A producer thread pushing 200,000 elements into a small ring while this thread drains: all arrive in order")
    func producerAgainstConsumer() {
        let ring = SPSCRing<Int>(capacity: 64)
        let total = 200_000
        let refusals = Atomic<Int>(0)
        let finished = DispatchSemaphore(value: 0)
        // A thread of its own: the test's cooperative pool may be busy.
        let producer = Thread {
            var value = 0
            while value < total {
                if ring.push(value) {
                    value += 1
                } else {
                    refusals.add(1, ordering: .relaxed)
                    sched_yield()
                }
            }
            finished.signal()
        }
        producer.start()
        var received = 0
        var inOrder = true
        while received < total {
            ring.drain { value in
                if value != received { inOrder = false }
                received += 1
            }
        }
        finished.wait()
        #expect(inOrder)
        #expect(received == total)
        #expect(ring.count == 0)
        print("ring of 64: \(refusals.load(ordering: .relaxed)) refused pushes while 200,000 went through")
    }
}
