import Glibc
import SystemCalls
import Testing

@testable import ControlServer

/// The epoll wrapper against a real socket pair: what is reported, by which tag, and when.
@Suite("EventPoller")
struct EventPollerTests {
    /// Everything one wait that does not block reports.
    static func ready(_ poller: EventPoller) -> [EventPoller.Ready] {
        var found: [EventPoller.Ready] = []
        #expect(throws: Never.self) { try poller.wait(milliseconds: 0) { found.append($0) } }
        return found
    }

    static func socketPair() throws -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        return (ends[0], ends[1])
    }

    @Test("level-triggered: unread input is reported round after round, by its tag, until it is read")
    func levelTriggered() throws {
        let poller = try EventPoller()
        let (mine, peer) = try Self.socketPair()
        defer { close(mine); close(peer) }
        try poller.add(mine, tag: 7, interest: .readable)
        #expect(Self.ready(poller).isEmpty)
        #expect(write(peer, "x", 1) == 1)
        for _ in 0..<2 {
            let found = Self.ready(poller)
            #expect(found.count == 1 && found[0].tag == 7 && found[0].readable && !found[0].writable)
        }
        var byte: UInt8 = 0
        #expect(read(mine, &byte, 1) == 1)
        #expect(Self.ready(poller).isEmpty)
    }

    @Test("the interest can change; a removed descriptor is not reported; a hang-up is, whatever the interest")
    func interestAndRemoval() throws {
        let poller = try EventPoller()
        let (mine, peer) = try Self.socketPair()
        defer { close(mine) }
        try poller.add(mine, tag: 3, interest: .writable)
        #expect(Self.ready(poller).map(\.writable) == [true])
        try poller.change(mine, tag: 3, interest: .readable)
        #expect(Self.ready(poller).isEmpty)
        try poller.change(mine, tag: 3, interest: [])
        close(peer)
        #expect(Self.ready(poller).map(\.hungUp) == [true])
        poller.remove(mine)
        #expect(Self.ready(poller).isEmpty)
    }

    @Test("adding a descriptor twice, or one that is not open, throws with the C function's name")
    func errors() throws {
        let poller = try EventPoller()
        let (mine, peer) = try Self.socketPair()
        defer { close(mine); close(peer) }
        try poller.add(mine, tag: 1, interest: .readable)
        #expect(throws: SystemCallError(function: "epoll_ctl", errno: .fileExists)) {
            try poller.add(mine, tag: 1, interest: .readable)
        }
        #expect(throws: SystemCallError(function: "epoll_ctl", errno: .badFileDescriptor)) {
            try poller.add(-1, tag: 2, interest: .readable)
        }
    }
}
