// The render thread never waits for the game thread: it renders while a game thread holds the command queue
// or uploads sounds, and the game thread's changes still land between blocks.
import Foundation
import GameCore
import Synchronization
import Testing

@testable import SpatialAudio

/// What the test shares with its uploading task: a stop flag and the number of uploads so far.
private final class UploadProgress: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let count = Atomic<Int>(0)
    var isStopped: Bool { stopped.load(ordering: .relaxed) }
    var uploads: Int { count.load(ordering: .relaxed) }
    func stop() { stopped.store(true, ordering: .relaxed) }
    func countUpload() { count.add(1, ordering: .relaxed) }
}

@Suite("Wait-free rendering")
struct WaitFreeRenderTests {
    private func isSilent(_ block: [Float]) -> Bool { !block.contains { abs($0) > 1e-6 } }

    @Test("While a game thread holds the command queue, render goes on and the change applies from the next block")
    func renderDoesNotWaitForAHeldQueue() throws {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(buffer: try engine.makeBuffer(TestSignals.whiteNoise(seconds: 0.5)))
        _ = engine.render(frames: 512)
        source.play()
        #expect(source.state == .playing, "the state reads playing before any block is rendered")
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let letGo = DispatchSemaphore(value: 0)
        let holder = Thread {
            engine.mailbox.withLock { _ in
                held.signal()
                // Bounded, so that a render that does wait is measured as slow instead of hanging the test.
                _ = release.wait(timeout: .now() + 2)
            }
            letGo.signal()
        }
        holder.start()
        held.wait()
        let start = Date()
        let blocked = engine.render(frames: 512)
        let elapsed = Date().timeIntervalSince(start)
        release.signal()
        #expect(elapsed < 0.5, "render took \(elapsed) s while the queue was held")
        #expect(isSilent(blocked), "the play command was held back, so nothing sounds yet")
        #expect(source.onsetFrame == nil)
        #expect(engine.renderWaitStatistics.deferredBlocks == 1)
        // Once the holder has let go, the play lands in the next block.
        letGo.wait()
        let next = engine.render(frames: 512)
        #expect(!isSilent(next))
        #expect(source.onsetFrame == 1_024)
        #expect(engine.renderWaitStatistics.renders == 3)
    }

    @Test("Uploading sounds on another thread never holds up render")
    func uploadsDoNotHoldUpRendering() async throws {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(TestSignals.whiteNoise(seconds: 0.2)), looping: true)
        source.play()
        // 30 s of audio per upload: each alBufferData copies almost 6 MB, milliseconds of work — under the
        // old engine lock that held render up for as long.
        let long = TestSignals.whiteNoise(seconds: 30)
        let progress = UploadProgress()
        let uploading = Task.detached {
            while !progress.isStopped {
                let buffer = try engine.makeBuffer(long, name: "upload")
                let loaded = try engine.makeSource(buffer: buffer, gainDB: -30)
                loaded.play()
                loaded.bearing = Bearing(degrees: Double(progress.uploads * 10))
                progress.countUpload()
            }
        }
        var block = [Float](repeating: 0, count: 1_024)
        // At least 400 blocks, and on until a few uploads happened meanwhile (bounded, for a stalled uploader).
        var blocks = 0
        let start = Date()
        while blocks < 400 || (progress.uploads < 5 && Date().timeIntervalSince(start) < 20) {
            block.withUnsafeMutableBufferPointer { engine.render(into: $0) }
            blocks += 1
        }
        let uploads = progress.uploads
        progress.stop()
        try await uploading.value
        let statistics = engine.renderWaitStatistics
        print("\(uploads) uploads during \(blocks) blocks: \(statistics)")
        #expect(uploads >= 5, "the uploads must overlap the rendering to prove anything")
        #expect(statistics.renders == blocks)
        #expect(statistics.longestAcquireSeconds < 0.001)
        // A 50 µs hold-up can also be the scheduler taking the core away mid-acquisition (the tests run in
        // parallel on few cores): allow for that, not for one per upload.
        #expect(statistics.waits < uploads, "\(statistics.waits) renders were held up")
        #expect(engine.framesRendered == Int64(blocks * 512))
    }

    @Test("Sources and buffers dropped between blocks are deleted, and the engine goes on rendering")
    func droppedSourcesAreDeletedBetweenBlocks() throws {
        let engine = try SpatialAudioEngine()
        let kept = try engine.makeSource(
            buffer: try engine.makeBuffer(TestSignals.whiteNoise(seconds: 0.2)), looping: true)
        kept.play()
        for round in 0..<20 {
            let dropped = try engine.makeSource(
                buffer: try engine.makeBuffer(TestSignals.whiteNoise(seconds: 0.1)), bearing: Bearing(degrees: 90))
            dropped.play()
            if round % 2 == 0 { _ = engine.render(frames: 256) }
        }
        _ = engine.render(frames: 256)
        // The audio side no longer tracks the 20 dropped sources, only the kept one.
        #expect(engine.renderWaitStatistics.renders == 11)
        #expect(engine.trackedSourceCount == 1)
        #expect(kept.state == .playing)
        #expect(!isSilent(engine.render(frames: 256)))
    }
}
