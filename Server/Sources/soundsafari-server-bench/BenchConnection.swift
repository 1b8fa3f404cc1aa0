// The bench's HTTP client: one kept-alive HTTP/1.1 connection through SwiftNIO, the library the server itself runs
// on. URLSession's libcurl spent two thirds of the bench process's CPU during ingest (its Dispatch threads, a
// connection's hand-offs), on the same two cores the server and PostgreSQL needed, so it measured the client.
import NIOCore
import NIOHTTP1
import NIOPosix

struct BenchConnection {
    typealias Channel = NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>

    let host: String
    private var responses: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator
    private let requests: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>

    /// Connects to `host`:`port`, runs `body` with the connection, and closes it.
    static func with<Value: Sendable>(
        host: String, port: Int, isolation: isolated (any Actor)? = #isolation,
        _ body: (inout BenchConnection) async throws -> Value
    ) async throws -> Value {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try Channel(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var connection = BenchConnection(
                host: host, responses: inbound.makeAsyncIterator(), requests: outbound)
            return try await body(&connection)
        }
    }

    /// Sends one request and reads its whole answer: the status and the body's bytes.
    mutating func send(
        _ method: HTTPMethod, _ uri: String, headers: [(String, String)], body: ByteBuffer? = nil
    ) async throws -> (status: HTTPResponseStatus, body: ByteBuffer) {
        var head = HTTPRequestHead(version: .http1_1, method: method, uri: uri)
        head.headers.add(name: "Host", value: host)
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        head.headers.add(name: "Content-Length", value: String(body?.readableBytes ?? 0))
        var parts: [HTTPClientRequestPart] = [.head(head)]
        if let body { parts.append(.body(.byteBuffer(body))) }
        parts.append(.end(nil))
        try await requests.write(contentsOf: parts)
        var status: HTTPResponseStatus?
        var text = ByteBuffer()
        while let part = try await responses.next() {
            switch part {
            case .head(let answer): status = answer.status
            case .body(var bytes): text.writeBuffer(&bytes)
            case .end:
                guard let status else { throw BenchConnectionError.noHead(uri) }
                return (status, text)
            }
        }
        throw BenchConnectionError.closed(uri)
    }
}

enum BenchConnectionError: Error, CustomStringConvertible {
    case noHead(String)
    case closed(String)

    var description: String {
        switch self {
        case .noHead(let uri): "The server's answer to \(uri) ended without a status line."
        case .closed(let uri): "The server closed the connection before answering \(uri)."
        }
    }
}
