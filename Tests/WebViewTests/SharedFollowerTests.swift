import ControlProtocol
import Foundation
import Testing
@testable import WebView

/// Every page's live stream from one subscription to the daemon, folded and encoded once.
@Suite struct SharedFollowerTests {
    /// The next `count` messages of a stream, each told by the correct notes its panel counts
    /// ("correct 3"), with " says" when it carries words for a screen reader.
    static func next(_ count: Int, of iterator: inout AsyncStream<String>.Iterator) async throws -> [String] {
        var seen: [String] = []
        while seen.count < count, let text = await iterator.next() {
            let message = try JSONDecoder().decode(LiveMessage.self, from: Data(text.utf8))
            let correct = message.html.firstMatch(of: /<dd id="correct">(\d+)<\/dd>/).map { String($0.1) } ?? "?"
            seen.append("correct \(correct)" + (message.say == nil ? "" : " says"))
        }
        return seen
    }

    @Test("two pages share one subscription; a page that joins later gets the panel as it is now, not the events before it")
    func shared() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        let shared = SharedFollower(daemon)
        var first = shared.follow().makeAsyncIterator()
        #expect(try await Self.next(1, of: &first) == ["correct 2"])
        daemon.send(Fixtures.rightScaleNote(seq: 10))
        #expect(try await Self.next(1, of: &first) == ["correct 3 says"])
        var second = shared.follow().makeAsyncIterator()
        daemon.send(Fixtures.rightScaleNote(seq: 11))
        #expect(try await Self.next(2, of: &second) == ["correct 3", "correct 4 says"],
                "the late page is sent the panel as it is (nothing said of what it did not see), then the next event")
        #expect(try await Self.next(1, of: &first) == ["correct 4 says"])
        #expect(daemon.followerCount == 1, "one subscription for both pages")
        #expect(shared.pageCount == 2)
    }

    @Test("after 500 events, each of 200 pages that join is sent one message; what is kept grows with neither")
    func lateJoinersCostOneMessage() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        let shared = SharedFollower(daemon)
        var watcher = shared.follow().makeAsyncIterator()
        #expect(try await Self.next(1, of: &watcher) == ["correct 2"])
        for seq in 1...500 { daemon.send(Fixtures.rightScaleNote(seq: seq)) }
        // The watcher reads slowly: it is left the newest few, the last being the 500th event.
        while try await Self.next(1, of: &watcher) != ["correct 502 says"] {}
        let held = shared.heldBytes
        #expect(held > 0 && held < 64 * 1024, "\(held) bytes")
        var pages = (0..<200).map { _ in shared.follow().makeAsyncIterator() }
        daemon.send(Fixtures.rightScaleNote(seq: 501))
        for index in pages.indices {
            #expect(try await Self.next(2, of: &pages[index]) == ["correct 502", "correct 503 says"], "page \(index)")
        }
        #expect(shared.heldBytes <= 2 * held, "\(shared.heldBytes) bytes kept with 201 pages, \(held) with one")
    }

    @Test("a page that does not read is left at most its backlog, the newest last")
    func backlogIsBounded() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        let shared = SharedFollower(daemon)
        var page = shared.follow().makeAsyncIterator()
        #expect(try await Self.next(1, of: &page) == ["correct 2"])
        for seq in 1...100 { daemon.send(Fixtures.rightScaleNote(seq: seq)) }
        // Every event has been folded once a page that joins is sent the 100th.
        for _ in 0..<500 {
            var check = shared.follow().makeAsyncIterator()
            if try await Self.next(1, of: &check) == ["correct 102"] { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        let waiting = try await Self.next(SharedFollower<MemoryDaemon>.pageBacklog, of: &page)
        #expect(waiting == (102 - SharedFollower<MemoryDaemon>.pageBacklog + 1...102).map { "correct \($0) says" })
    }

    @Test("when the daemon goes away every page's stream ends; the next page subscribes again")
    func away() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        let shared = SharedFollower(daemon)
        var first = shared.follow().makeAsyncIterator()
        var second = shared.follow().makeAsyncIterator()
        #expect(try await Self.next(1, of: &first) == ["correct 2"])
        #expect(try await Self.next(1, of: &second) == ["correct 2"])
        daemon.goAway()
        let firstEnded = await first.next() == nil
        let secondEnded = await second.next() == nil
        #expect(firstEnded && secondEnded)
        daemon.comeBack()
        var third = shared.follow().makeAsyncIterator()
        #expect(try await Self.next(1, of: &third) == ["correct 2"])
        #expect(daemon.followerCount == 1)
    }

    @Test("the subscription ends with the last page, and what it kept with it")
    func lastPageLeaves() async throws {
        let daemon = MemoryDaemon(status: Fixtures.scaleStatus())
        let shared = SharedFollower(daemon)
        let task = Task {
            for await _ in shared.follow() {}
        }
        try await waitUntil { daemon.followerCount == 1 }
        task.cancel()
        try await waitUntil { daemon.followerCount == 0 && shared.pageCount == 0 }
        #expect(shared.heldBytes == 0)
    }

    private func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }
}
