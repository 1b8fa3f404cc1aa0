// A bound UDP socket read with a timeout, so the receiving thread can notice it should stop.
import GameCore

#if canImport(Glibc)
    import Glibc
#endif

/// A UDP socket on all interfaces (a phone or another computer may run the tracker) at one port.
final class UDPSocket: Sendable {
    let descriptor: Int32
    /// The port bound: the one asked for, or the one the kernel chose for port 0 (tests bind 0 and read it).
    let port: UInt16

    init(input: TrackerInput) throws {
        let fd = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { throw TrackerError.socketFailed(input, errno: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = input.port.bigEndian
        address.sin_addr.s_addr = INADDR_ANY
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            Glibc.close(fd)
            throw code == EADDRINUSE ? TrackerError.portInUse(input) : TrackerError.socketFailed(input, errno: code)
        }
        var boundAddress = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &boundAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = named == 0 ? UInt16(bigEndian: boundAddress.sin_port) : input.port
        descriptor = fd
    }

    /// The next datagram, or nil when none arrived within `timeoutMilliseconds`.
    func receive(timeoutMilliseconds: Int32, buffer: inout [UInt8]) -> [UInt8]? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, timeoutMilliseconds) > 0 else { return nil }
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { return nil }
        return Array(buffer.prefix(count))
    }

    func close() { _ = Glibc.close(descriptor) }
}
