import Foundation
import Glibc
import Testing

/// One TCP connection to the server on loopback, from a loopback address of the test's choosing
/// (127.0.0.2 is another peer to the server), writing bytes as they are: what a browser would
/// never send, or send too slowly. It closes its socket when it goes.
final class RawClient {
    private let socket: Int32

    init(port: Int, from source: String = "127.0.0.1") throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(socket >= 0)
        var local = Self.address(source, port: 0)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(bound == 0, "bind \(source): errno \(errno)")
        var server = Self.address("127.0.0.1", port: port)
        let connected = withUnsafePointer(to: &server) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0, "connect: errno \(errno)")
    }

    deinit { close(socket) }

    /// Writes `text`; false once the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// Reads until the server closes the connection or `limit` passes: what came, whether it was
    /// closed, and when.
    func readUntilClosed(limit: Duration = .seconds(20)) async throws -> (answer: String, closed: Bool, after: Duration) {
        try await read(limit: limit) { _ in false }
    }

    /// Reads until `marker` has come (or the connection closed, or `limit` passed).
    func read(until marker: String, limit: Duration = .seconds(20)) async throws -> String {
        try await read(limit: limit) { $0.contains(marker) }.answer
    }

    /// Polls without blocking: the server's handlers run on the same few threads as the test.
    private func read(limit: Duration, until done: (String) -> Bool) async throws -> (answer: String, closed: Bool, after: Duration) {
        let start = ContinuousClock.now
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now - start < limit, !done(String(decoding: answer, as: UTF8.self)) {
            var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 0) > 0 else {
                try await Task.sleep(for: .milliseconds(20))
                continue
            }
            let count = recv(socket, &buffer, buffer.count, 0)
            // A reset is the server closing too (it closed with our bytes unread).
            if count <= 0 { return (String(decoding: answer, as: UTF8.self), true, ContinuousClock.now - start) }
            answer += buffer[..<count]
        }
        return (String(decoding: answer, as: UTF8.self), false, ContinuousClock.now - start)
    }

    /// A whole `GET /`, keeping the connection open.
    static let getPage = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"

    private static func address(_ host: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        return address
    }
}
