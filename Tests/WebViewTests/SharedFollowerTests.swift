import ControlProtocol
import Testing
@testable import WebView

/// Every page's live stream from one subscription to the daemon.
@Suite struct SharedFollowerTests {
    /// The next `count` updates of a stream, described: `status` or the event's seq.
    static func next(_ count: Int, of iterator: inout AsyncStream<DaemonUpdate>.Iterator) async -> [String] {
        var seen: [String] = []
        while seen.count < count, let update = await iterator.next() {
            switch update {
            case .status: seen.append("status")
            case .event(let event): seen.append("event \(event.seq)")
            }
        }
        return seen
    }

    @Test("two pages share one subscription; a page that joins later gets the status and every event since")
    func shared() async {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        let shared = SharedFollower(daemon)
        var first = shared.follow().makeAsyncIterator()
        #expect(await Self.next(1, of: &first) == ["status"])
        daemon.send(Fixtures.rightScaleNote(seq: 10))
        #expect(await Self.next(1, of: &first) == ["event 10"])
        var second = shared.follow().makeAsyncIterator()
        #expect(await Self.next(2, of: &second) == ["status", "event 10"], "the late page is told what it missed")
        daemon.send(Fixtures.rightScaleNote(seq: 11))
        #expect(await Self.next(1, of: &first) == ["event 11"])
        #expect(await Self.next(1, of: &second) == ["event 11"])
        #expect(daemon.followerCount == 1, "one subscription for both pages")
        #expect(shared.pageCount == 2)
    }

    @Test("when the daemon goes away every page's stream ends; the next page subscribes again")
    func away() async {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        let shared = SharedFollower(daemon)
        var first = shared.follow().makeAsyncIterator()
        var second = shared.follow().makeAsyncIterator()
        #expect(await Self.next(1, of: &first) == ["status"])
        #expect(await Self.next(1, of: &second) == ["status"])
        daemon.goAway()
        let firstEnded = await first.next() == nil
        let secondEnded = await second.next() == nil
        #expect(firstEnded && secondEnded)
        daemon.comeBack()
        var third = shared.follow().makeAsyncIterator()
        #expect(await Self.next(1, of: &third) == ["status"])
        #expect(daemon.followerCount == 1)
    }

    @Test("past the history limit the subscription starts afresh and every page gets the new status")
    func historyLimit() async {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        let shared = SharedFollower(daemon, historyLimit: 3)
        var page = shared.follow().makeAsyncIterator()
        #expect(await Self.next(1, of: &page) == ["status"])
        for seq in 1...3 { daemon.send(Fixtures.rightScaleNote(seq: seq)) }
        #expect(await Self.next(4, of: &page) == ["event 1", "event 2", "event 3", "status"])
        #expect(daemon.followerCount == 1, "the old subscription ended")
        var late = shared.follow().makeAsyncIterator()
        #expect(await Self.next(1, of: &late) == ["status"], "a page joining now starts from the new status alone")
    }

    @Test("the subscription ends with the last page")
    func lastPageLeaves() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        let shared = SharedFollower(daemon)
        let task = Task {
            for await _ in shared.follow() {}
        }
        try await waitUntil { daemon.followerCount == 1 }
        task.cancel()
        try await waitUntil { daemon.followerCount == 0 && shared.pageCount == 0 }
    }

    private func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }
}
