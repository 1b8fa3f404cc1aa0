// Listens on the tracker's UDP port on its own thread; the game reads the newest reading without waiting.
import Dispatch
import Foundation
import GameCore
import Synchronization

/// Receives a head tracker's datagrams on a thread of its own, stamps each with the game's monotonic
/// clock the moment it is read, and keeps the newest reading, the readings not yet logged, and the
/// counters. A malformed datagram is counted and dropped; the last good reading stays. The game thread
/// only ever takes the short lock; a reading handler (`TrackedHeading`) passes each new reading on at once.
public final class TrackerReceiver: Sendable {
    public let input: TrackerInput
    private let socket: UDPSocket
    private let now: @Sendable () -> MonotonicTime
    private let state: Shared
    /// Readings kept for the log when nobody drains them (e.g. the menu shows): the newest ten thousand.
    static let pendingLimit = 10_000

    fileprivate struct State {
        var latest: TrackerSample?
        var pending: [TrackerSample] = []
        var counts = TrackerCounts()
        var stopping = false
    }

    /// What the listening thread shares with the receiver: the thread holds this, not the receiver, so an
    /// unused receiver is freed (and its deinit stops the thread).
    fileprivate final class Shared: Sendable {
        let mutex = Mutex(State())
        let finished = DispatchSemaphore(value: 0)
        /// Called on the listening thread with each datagram's newest good reading (see `setReadingHandler`).
        let readingHandler = Mutex<(@Sendable (TrackerReading) -> Void)?>(nil)
        func withLock<T>(_ body: (inout State) -> T) -> T { mutex.withLock { body(&$0) } }
    }

    /// Opens the port (one sentence if it cannot) and starts listening. `now` is the game's clock.
    public init(input: TrackerInput, now: @escaping @Sendable () -> MonotonicTime) throws {
        self.input = input
        self.now = now
        socket = try UDPSocket(input: input)
        let shared = Shared()
        state = shared
        let socket = socket
        let thread = Thread { Self.listen(input: input, socket: socket, state: shared, now: now) }
        thread.name = "soundsafari-tracker"
        thread.start()
    }

    deinit { stop() }

    /// The UDP port listened on: `input.port`, or the one the kernel chose when that was 0.
    public var port: UInt16 { socket.port }

    /// Stops listening and frees the port before returning.
    public func stop() {
        let wasRunning = state.withLock { state in
            defer { state.stopping = true }
            return !state.stopping
        }
        if wasRunning { state.finished.wait() }
    }

    /// The newest good reading, if any arrived.
    public var latest: TrackerSample? { state.withLock { $0.latest } }

    public var counts: TrackerCounts { state.withLock { $0.counts } }

    /// Calls `handler` on the receiving thread with the newest good reading of each datagram, once `latest`
    /// holds it (`TrackedHeading` stores its heading for the audio there); nil removes it. Keep it short:
    /// the next datagram waits for it.
    public func setReadingHandler(_ handler: (@Sendable (TrackerReading) -> Void)?) {
        state.readingHandler.withLock { $0 = handler }
    }

    /// The readings received since the last call, oldest first (for the log and `tracker monitor`).
    public func drain() -> [TrackerSample] {
        state.withLock { state in
            defer { state.pending.removeAll(keepingCapacity: true) }
            return state.pending
        }
    }

    private static func listen(
        input: TrackerInput, socket: UDPSocket, state: Shared, now: @Sendable () -> MonotonicTime
    ) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !state.withLock({ $0.stopping }) {
            guard let datagram = socket.receive(timeoutMilliseconds: 50, buffer: &buffer) else { continue }
            let receivedAt = now()
            accept(datagram, at: receivedAt, input: input, state: state)
        }
        socket.close()
        state.finished.signal()
    }

    private static func accept(_ datagram: [UInt8], at receivedAt: MonotonicTime, input: TrackerInput, state: Shared) {
        var readings: [TrackerReading] = []
        var malformed = 0
        var ignored = 0
        switch input.kind {
        case .opentrack:
            if let reading = OpenTrackPacket.decode(datagram) { readings.append(reading) } else { malformed = 1 }
        case .osc:
            let decoded = OSCPacket.decode(datagram)
            readings = decoded.readings
            malformed = decoded.malformed
            ignored = decoded.ignored
        }
        state.withLock { state in
            state.counts.datagrams += 1
            state.counts.malformed += malformed
            state.counts.ignored += ignored
            for reading in readings {
                state.counts.readings += 1
                let sample = TrackerSample(receivedAt: receivedAt, reading: reading, sequence: state.counts.readings)
                state.latest = sample
                state.pending.append(sample)
            }
            if state.pending.count > pendingLimit { state.pending.removeFirst(state.pending.count / 2) }
        }
        // Outside the state lock, so the handler may read `latest` and the game thread never waits for it.
        if let newest = readings.last, let handler = state.readingHandler.withLock({ $0 }) { handler(newest) }
    }
}
