import Daemon
import Foundation
import Glibc
import Testing

/// The stray line behind a rare −32700 (issue 29): an in-process daemon's stdout reporter wrote to
/// a test's pipe by number, its writer thread outlived the pipe, and the number, closed and given
/// to a new socket, carried an event line into another test's daemon connection.
@Suite struct StdoutReporterDescriptorTests {
    @Test("the number it was given closed and reused by a socket: no line reaches the socket; the pipe still gets them")
    func writesToItsOwnCopy() throws {
        var pipeEnds: [Int32] = [0, 0]
        try #require(pipe(&pipeEnds) == 0)
        defer { close(pipeEnds[0]) }
        let reporter = StdoutReporter(format: .human, environment: [:], output: pipeEnds[1])
        // The caller closes its descriptor; the number goes to one end of a new socket pair.
        close(pipeEnds[1])
        var sockets: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0)
        defer { close(sockets[0]); close(sockets[1]) }
        try #require(dup2(sockets[0], pipeEnds[1]) == pipeEnds[1])
        defer { close(pipeEnds[1]) }

        reporter.say("an event line")
        #expect(reporter.flush())
        var buffer = [UInt8](repeating: 0, count: 256)
        let strayed = recv(sockets[1], &buffer, buffer.count, Int32(MSG_DONTWAIT))
        #expect(strayed < 0, "the socket received \(String(decoding: buffer.prefix(max(0, strayed)), as: UTF8.self))")
        let read = Glibc.read(pipeEnds[0], &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(0, read)), as: UTF8.self) == "an event line\n")
    }
}
