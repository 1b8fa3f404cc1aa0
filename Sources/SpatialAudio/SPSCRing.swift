// A bounded single-producer/single-consumer ring: how the engine's commands reach the audio thread (and retired
// items come back) without a lock on the audio thread's side.
import Synchronization

/// A wait-free queue of fixed capacity between exactly one producing and one consuming thread at a time (each
/// side's callers serialise themselves: the engine's game side under its own `Mutex`, the audio side by being
/// the one thread inside `render`). Neither side ever waits for the other: `push` refuses when the ring is
/// full, `drain` takes every element published before it started. No allocation after `init`.
///
/// Each index is written by one side only and read by the other: `tail` (the next slot to fill) by the
/// producer, `head` (the next slot to read) by the consumer. They count up without wrapping back (an `Int`
/// outlasts any session); the slot is the index modulo the capacity, a power of two. Elements need not be
/// Sendable: each is moved across (`sending` in, `sending` out), never shared.
// @unchecked: the slots are raw memory shared by two threads; the acquire/release pairs on `head` and `tail`
// below order every slot access (a slot belongs to the producer until `tail` passes it, then to the consumer
// until `head` passes it).
final class SPSCRing<Element>: @unchecked Sendable {
    let capacity: Int
    private let mask: Int
    private let slots: UnsafeMutablePointer<Element?>
    private let head = Atomic<Int>(0)
    private let tail = Atomic<Int>(0)

    init(capacity: Int) {
        precondition(capacity > 0 && capacity & (capacity - 1) == 0, "the ring's capacity must be a power of two")
        self.capacity = capacity
        mask = capacity - 1
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
    }

    deinit {
        slots.deinitialize(count: capacity)
        slots.deallocate()
    }

    /// Producer only: appends `element` and publishes it; false (and `element` not taken) when the ring is full.
    func push(_ element: sending Element) -> Bool {
        // Relaxed: only this side writes `tail`, so it reads its own last store.
        let tail = self.tail.load(ordering: .relaxed)
        // Acquiring: pairs with `drain`'s releasing store of `head`, so the consumer's move out of a slot
        // happens before this side writes that slot again.
        let head = self.head.load(ordering: .acquiring)
        guard tail &- head < capacity else { return false }
        slots[tail & mask] = element
        // Releasing: the slot's contents become visible before the consumer can see the new `tail`.
        self.tail.store(tail &+ 1, ordering: .releasing)
        return true
    }

    /// Consumer only: hands every element published so far to `body`, oldest first, and frees their slots;
    /// returns how many. Moves the elements out: nothing is retained or released here.
    @discardableResult
    func drain(_ body: (sending Element) -> Void) -> Int {
        // Relaxed: only this side writes `head`.
        let head = self.head.load(ordering: .relaxed)
        // Acquiring: pairs with `push`'s releasing store of `tail`, so every slot up to `tail` is seen filled.
        let tail = self.tail.load(ordering: .acquiring)
        var index = head
        while index != tail {
            // Unsafe only to the compiler, which cannot follow a value through raw memory: the producer gave it up
            // (`push` takes it `sending`) and the acquire above orders its stores before this read.
            nonisolated(unsafe) let element = slots[index & mask].take()
            if let element { body(element) }
            index &+= 1
        }
        // Releasing: the moves out of these slots happen before the producer, acquiring `head`, reuses them.
        self.head.store(tail, ordering: .releasing)
        return tail &- head
    }

    /// Elements published and not yet drained (either side; only a snapshot while the other side runs).
    var count: Int { tail.load(ordering: .acquiring) &- head.load(ordering: .acquiring) }
}
