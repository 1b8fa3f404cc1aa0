// The render thread never waits for the game thread: it renders while a game thread holds the game side's lock,
// makes sources or uploads sounds, and the game thread's changes still land between blocks.
import Foundation
import GameCore
import Synchronization
import Testing

@testable import SpatialAudio

/// What the test shares with its uploading thread: a stop flag and the number of uploads so far.
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

    /// A new engine with one looping noise source, playing ahead.
    private static func playingLoop() throws -> (SpatialAudioEngine, SpatialSource) {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(TestSignals.whiteNoise(seconds: 0.5)), looping: true)
        source.play()
        return (engine, source)
    }

    /// Runs `body` while another thread sits inside `hold` (e.g. holding the engine's command queue), and lets
    /// that thread go afterwards. `body` learns whether the lock is still held when it finishes: a `body` that
    /// waited for the lock could only finish after the holder gave up (its hold is bounded, so a broken engine
    /// fails the test instead of hanging it). No clock is read.
    private func whileAnotherThread<R>(
        holds hold: @escaping @Sendable (_ inside: () -> Void) -> Void, _ body: (_ stillHeld: () -> Bool) throws -> R
    ) rethrows -> R {
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let letGo = DispatchSemaphore(value: 0)
        let holding = Atomic<Bool>(false)
        let holder = Thread {
            hold {
                holding.store(true, ordering: .sequentiallyConsistent)
                held.signal()
                _ = release.wait(timeout: .now() + 30)
                holding.store(false, ordering: .sequentiallyConsistent)
            }
            letGo.signal()
        }
        holder.start()
        held.wait()
        defer {
            release.signal()
            letGo.wait()
        }
        return try body { holding.load(ordering: .sequentiallyConsistent) }
    }

    @Test("While a game thread holds the game side's lock, render goes on and applies every command published before")
    func renderDoesNotWaitForAHeldGameSide() throws {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(buffer: try engine.makeBuffer(TestSignals.whiteNoise(seconds: 0.5)))
        _ = engine.render(frames: 512)
        source.play()
        #expect(source.state == .playing, "the state reads playing before any block is rendered")
        let gameSide: @Sendable (() -> Void) -> Void = { inside in engine.gameSide.withLock { _ in inside() } }
        let block = whileAnotherThread(holds: gameSide) { stillHeld in
            let block = engine.render(frames: 512)
            #expect(stillHeld(), "render returned only after the game side was let go: it waited")
            return block
        }
        // The play went through the ring before the lock was taken, so this very block sounds.
        #expect(!isSilent(block))
        #expect(source.onsetFrame == 512)
        #expect(engine.renderWaitStatistics.deferredBlocks == 0)
        #expect(engine.renderWaitStatistics.renders == 2)
    }

    @Test("More commands than the ring holds, made between two blocks, all land in the second block, in order")
    func aFullRingHoldsTheRestBackInOrder() throws {
        let (engine, source) = try Self.playingLoop()
        _ = engine.render(frames: 512)
        // Three rings' worth of moves to the left, then one to the right: only order makes the right one last.
        for _ in 0..<(3 * SpatialAudioEngine.commandRingCapacity) { source.bearing = Bearing(degrees: 270) }
        let heldBack = engine.backlogged.load(ordering: .relaxed)
        #expect(heldBack, "the ring filled up, so the game side held some back")
        source.bearing = Bearing(degrees: 90)
        let block = engine.render(frames: 4_800)
        #expect(InterauralMeter.measure(interleaved: block).ildDB > 10, "the last command, to the right, won")
        let stillHeldBack = engine.backlogged.load(ordering: .relaxed)
        #expect(!stillHeldBack)
        #expect(engine.renderWaitStatistics.deferredBlocks == 0)
    }

    @Test("A game thread sending thousands of commands while a device thread renders: none lost, the last one wins")
    func commandsUnderContention() throws {
        let (engine, source) = try Self.playingLoop()
        let sent = DispatchSemaphore(value: 0)
        let commands = 100_000
        // A thread of its own (the tests' cooperative pool may be busy): moves the source left over and over,
        // changes the master gain, and last moves it to the right.
        let game = Thread {
            for index in 0..<commands {
                source.bearing = Bearing(degrees: 270 - Double(index % 10))
                if index % 100 == 0 { engine.masterGainDB = -Double(index % 3) }
            }
            engine.masterGainDB = 0
            source.bearing = Bearing(degrees: 90)
            sent.signal()
        }
        var block = [Float](repeating: 0, count: 1_024)
        game.start()
        var blocks = 0
        while sent.wait(timeout: .now()) == .timedOut {
            block.withUnsafeMutableBufferPointer { engine.render(into: $0) }
            blocks += 1
        }
        // The game thread is done: whatever it held back is published by the next block.
        let last = engine.render(frames: 4_800)
        #expect(InterauralMeter.measure(interleaved: engine.render(frames: 4_800)).ildDB > 10)
        #expect(InterauralMeter.measure(interleaved: last).ildDB > 10, "every command landed by the next block")
        #expect(engine.renderWaitStatistics.renders == blocks + 2)
        print("\(commands) moves during \(blocks) blocks: \(engine.renderWaitStatistics)")
    }

    @Test("While a game thread is making a source, render still mixes and applies the changes from the next block")
    func renderDoesNotWaitForSourceCreation() throws {
        let engine = try SpatialAudioEngine()
        let buffer = try engine.makeBuffer(TestSignals.whiteNoise(seconds: 0.5))
        let sounding = try engine.makeSource(buffer: buffer, bearing: Bearing(degrees: 90), looping: true)
        let later = try engine.makeSource(buffer: buffer, bearing: Bearing(degrees: 270), looping: true)
        sounding.play()
        _ = engine.render(frames: 4_800)
        later.play()
        // Stands in for makeSource's OpenAL calls on a game thread.
        let sourceCalls: @Sendable (() -> Void) -> Void = { inside in engine.sourceCalls.withLock { _ in inside() } }
        let block = whileAnotherThread(holds: sourceCalls) { stillHeld in
            let block = engine.render(frames: 4_800)
            #expect(stillHeld(), "render returned only after the source calls were let go: it waited")
            return block
        }
        // Mixed: the playing source on the right sounds; the new play on the left waits for the next block.
        #expect(InterauralMeter.measure(interleaved: block).ildDB > 10)
        #expect(later.onsetFrame == nil)
        #expect(engine.renderWaitStatistics.deferredBlocks == 1)
        _ = engine.render(frames: 512)
        #expect(later.onsetFrame == 9_600)
    }

    @Test("A sound uploads while the game side is held: an upload takes nothing else")
    func uploadsDoNotTakeTheGameSide() throws {
        let engine = try SpatialAudioEngine()
        let audio = TestSignals.whiteNoise(seconds: 30)
        let gameSide: @Sendable (() -> Void) -> Void = { inside in engine.gameSide.withLock { _ in inside() } }
        let buffer = try whileAnotherThread(holds: gameSide) { stillHeld in
            let buffer = try engine.makeBuffer(audio, name: "30 s")
            #expect(stillHeld(), "the upload finished only after the game side was let go: it waited")
            return buffer
        }
        #expect(buffer.frameCount == 30 * 48_000)
    }

    @Test("Uploading and starting sounds on another thread while rendering is safe")
    func uploadsWhileRenderingAreSafe() throws {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(TestSignals.whiteNoise(seconds: 0.2)), looping: true)
        source.play()
        // 30 s of audio per upload: each alBufferData copies almost 6 MB, milliseconds of work.
        let long = TestSignals.whiteNoise(seconds: 30)
        let progress = UploadProgress()
        let finished = DispatchSemaphore(value: 0)
        // A thread of its own: the tests' cooperative thread pool may be busy for seconds.
        let uploader = Thread {
            defer { finished.signal() }
            while !progress.isStopped {
                guard let buffer = try? engine.makeBuffer(long, name: "upload"),
                    let loaded = try? engine.makeSource(buffer: buffer, gainDB: -30)
                else { return }
                loaded.play()
                loaded.bearing = Bearing(degrees: Double(progress.uploads * 10))
                progress.countUpload()
            }
        }
        uploader.start()
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
        finished.wait()
        let statistics = engine.renderWaitStatistics
        print("\(uploads) uploads during \(blocks) blocks: \(statistics)")
        #expect(uploads >= 5, "the uploads must overlap the rendering to prove anything")
        #expect(statistics.renders == blocks)
        // No timing limits here: the tests run in parallel on few cores, where the scheduler can pause any
        // thread for milliseconds. The benchmark (`make bench`, audio.callback_*) measures the timing.
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

    @Test("Engines released with changes still queued (sources played and dropped, never rendered) shut down cleanly")
    func enginesReleasedWithQueuedChanges() throws {
        for _ in 0..<5 {
            let engine = try SpatialAudioEngine()
            let buffer = try engine.makeBuffer(TestSignals.whiteNoise(seconds: 0.1))
            for bearing in stride(from: 0.0, to: 360, by: 45) {
                let source = try engine.makeSource(buffer: buffer, bearing: Bearing(degrees: bearing), looping: true)
                source.play()
            }
            engine.masterGainDB = -6
            engine.heading = Bearing(degrees: 30)
        }
        // OpenAL and the other engines are unharmed: a new engine renders as before.
        let cues = InterauralMeter.measure(interleaved: try TestSignals.renderNoise(bearing: 90))
        #expect(cues.ildDB > 10)
    }

    @Test("A device thread makes the context current once and keeps it, while game threads bind and release theirs")
    func aDeviceThreadBindsTheContextOnce() throws {
        let engine = try SpatialAudioEngine()
        let source = try engine.makeSource(
            buffer: try engine.makeBuffer(TestSignals.whiteNoise(seconds: 0.2)), looping: true)
        source.play()
        // A game thread binding the context over and over: each bind takes OpenAL Soft's global list lock.
        let progress = UploadProgress()
        let finished = DispatchSemaphore(value: 0)
        let short = TestSignals.whiteNoise(seconds: 0.01)
        let uploader = Thread {
            defer { finished.signal() }
            while !progress.isStopped {
                guard (try? engine.makeBuffer(short, name: "bind")) != nil else { return }
                progress.countUpload()
            }
        }
        uploader.start()
        // The "device thread": a thread of its own, as SDL's audio thread is, rendering 300 blocks and then
        // letting go of the context, as the device's last callback does.
        let statistics = Mutex<(before: RenderWaitStatistics?, after: RenderWaitStatistics?)>((nil, nil))
        let rendered = DispatchSemaphore(value: 0)
        let device = Thread {
            var block = [Float](repeating: 0, count: 1_024)
            for _ in 0..<300 { block.withUnsafeMutableBufferPointer { engine.render(into: $0, keepingContext: true) } }
            let before = engine.renderWaitStatistics
            engine.releaseRenderContext()
            // Released: the next kept block binds again.
            block.withUnsafeMutableBufferPointer { engine.render(into: $0, keepingContext: true) }
            engine.releaseRenderContext()
            statistics.withLock { $0 = (before, engine.renderWaitStatistics) }
            rendered.signal()
        }
        device.start()
        rendered.wait()
        progress.stop()
        finished.wait()
        let (before, after) = statistics.withLock { $0 }
        #expect(progress.uploads > 0, "the game thread must bind meanwhile for the count to mean anything")
        #expect(before?.renders == 300 && before?.contextBinds == 1, "\(String(describing: before))")
        #expect(after?.contextBinds == 2)
        // Offline renders (a test, `render`, `simulate`) release the context after each block, so bind each time.
        var block = [Float](repeating: 0, count: 1_024)
        for _ in 0..<3 { block.withUnsafeMutableBufferPointer { engine.render(into: $0) } }
        #expect(engine.renderWaitStatistics.contextBinds == 5)
    }
}
