import ClassHub
import ClassProtocol
import ClassSync
import Foundation
import Statistics
import Synchronization
import Testing

/// A box's answers reach the hub once each, whatever fails between: the sync's rounds against a
/// hub's store on either kind, through `StoreTransport`.
@Suite("A box's answers reach the hub once each")
struct ClassSyncTests {
    static let day = 86_400.0

    /// A hub on `kind`, a box joined to it with `count` answers a day old, and its sync.
    static func joined(_ kind: HubStoreKind, count: Int, clock: TestClock) throws -> (HubStore, StoreTransport, ClassSync, SQLiteStatisticsStore) {
        let hub = try kind.make(clock: clock.read)
        let reply = try hub.join(JoinRequest(code: try hub.makeCode(student: nil), publicKey: "key", name: "Bea"))
        let box = try BoxHistory.store()
        try BoxHistory.practise(count, into: box, start: clock.read() - day)
        let transport = StoreTransport(hub: hub, reply: reply)
        return (hub, transport, ClassSync(membership: BoxHistory.membership(reply), store: box, transport: transport, now: clock.read), box)
    }

    @Test("a round pushes every answer in pages; a second round sends nothing; the figures are counted from the answers",
          arguments: HubStoreKind.allCases)
    func pages(kind: HubStoreKind) async throws {
        let clock = TestClock(1_800_000_000)
        let (hub, transport, sync, _) = try Self.joined(kind, count: 1_200, clock: clock)
        try await sync.round()
        #expect(try hub.answerCounts() == [transport.box: 1_200])
        #expect(transport.pushes.withLock { $0 } == 3, "500, 500 and 200")
        try await sync.round()
        #expect(transport.pushes.withLock { $0 } == 3, "nothing left to push")
        let figures = try hub.itemFigures(days: 0...100_000)
        #expect(figures.map(\.correct) == [800] && figures.map(\.wrong) == [400], "\(figures)")
    }

    @Test("the network cut for a day of practice: the rounds fail, nothing is lost; the next round sends it all",
          arguments: HubStoreKind.allCases)
    func networkCut(kind: HubStoreKind) async throws {
        let clock = TestClock(1_800_000_000)
        let (hub, transport, sync, box) = try Self.joined(kind, count: 50, clock: clock)
        try await sync.round()
        transport.reachable.withLock { $0 = false }
        try BoxHistory.practise(300, into: box, start: clock.read())
        clock.advance(Self.day)
        await #expect(throws: HubError.self) { try await sync.round() }
        #expect(await sync.progress.lastError != nil)
        transport.reachable.withLock { $0 = true }
        try await sync.round()
        #expect(try hub.answerCounts() == [transport.box: 350])
        #expect(await sync.progress.lastError == nil)
    }

    @Test("the hub restored from a backup older than the last push: the box sends again what it lacks, nothing twice",
          arguments: HubStoreKind.allCases)
    func restoredHub(kind: HubStoreKind) async throws {
        let clock = TestClock(1_800_000_000)
        let (hub, transport, sync, box) = try Self.joined(kind, count: 100, clock: clock)
        try await sync.round()
        let backup = try await HubStoreBackup.copy(hub)
        try BoxHistory.practise(100, into: box, start: clock.read())
        clock.advance(3_600)
        try await sync.round()
        #expect(try hub.answerCounts() == [transport.box: 200])
        let restored = try await HubStoreBackup.restore(backup, clock: clock.read)
        #expect(try restored.answerCounts() == [transport.box: 100], "the backup holds the first push only")
        transport.hub.withLock { $0 = restored }
        try await sync.round()
        #expect(try restored.answerCounts() == [transport.box: 200])
        #expect(try restored.itemFigures(days: 0...100_000).map { $0.correct + $0.wrong } == [200])
    }

    @Test("a page sent twice (the reply lost) is stored once", arguments: HubStoreKind.allCases)
    func retried(kind: HubStoreKind) throws {
        let clock = TestClock(1_800_000_000)
        let hub = try kind.make(clock: clock.read)
        let reply = try hub.join(JoinRequest(code: try hub.makeCode(student: nil), publicKey: "key", name: "Bea"))
        let box = try #require(try hub.box(token: reply.token))
        let answers = (1...20).map { seq in
            PushedAnswer(uid: String(format: "%032lx", seq), seq: Int64(seq), time: clock.read() - 100, session: "s", exercise: "interval",
                         item: "M3", expectedMIDI: 64, playedMIDI: 64, correct: true, attempt: 1, responseSeconds: 1, cents: nil)
        }
        let push = AnswerPush(after: 0, through: 20, sentAt: clock.read(), answers: answers)
        #expect(try hub.push(push, from: box) == PushReceipt(ackedThrough: 20, stored: 20, duplicates: 0))
        #expect(try hub.push(push, from: box) == PushReceipt(ackedThrough: 20, stored: 0, duplicates: 20))
        #expect(try hub.answerCounts() == [reply.box: 20])
        #expect(try hub.itemFigures(days: 0...100_000).map(\.correct) == [20])
    }

    @Test("a page that starts past what the hub holds is refused, and writes nothing", arguments: HubStoreKind.allCases)
    func askAgain(kind: HubStoreKind) throws {
        let clock = TestClock(1_800_000_000)
        let hub = try kind.make(clock: clock.read)
        let reply = try hub.join(JoinRequest(code: try hub.makeCode(student: nil), publicKey: "key", name: "Bea"))
        let box = try #require(try hub.box(token: reply.token))
        let answer = PushedAnswer(uid: String(repeating: "a", count: 32), seq: 11, time: clock.read(), session: "s", exercise: "interval",
                                  item: nil, expectedMIDI: 64, playedMIDI: 64, correct: true, attempt: 1, responseSeconds: 1, cents: nil)
        #expect(throws: HubRefusal.self) { try hub.push(AnswerPush(after: 10, through: 11, sentAt: clock.read(), answers: [answer]), from: box) }
        #expect(try hub.answerCounts().isEmpty)
    }

    @Test("a box's clock three days slow: its answers are placed by the hub's clock, its own time kept", arguments: HubStoreKind.allCases)
    func wrongClock(kind: HubStoreKind) async throws {
        let hubClock = TestClock(1_800_000_000)
        let hub = try kind.make(clock: hubClock.read)
        let reply = try hub.join(JoinRequest(code: try hub.makeCode(student: nil), publicKey: "key", name: "Bea"))
        let box = try BoxHistory.store()
        let boxClock = TestClock(hubClock.read() - 3 * Self.day)
        try BoxHistory.practise(10, into: box, start: boxClock.read() - 3_600)
        let sync = ClassSync(membership: BoxHistory.membership(reply), store: box, transport: StoreTransport(hub: hub, reply: reply),
                             now: boxClock.read)
        try await sync.round()
        let exported = try hub.exportPage(after: nil, limit: 100)
        #expect(exported.count == 10)
        #expect(exported.allSatisfy { abs(($0.time - $0.boxTime) - 3 * Self.day) < 1 }, "\(exported.map { $0.time - $0.boxTime })")
        let today = Int64((hubClock.read() / Self.day).rounded(.down))
        #expect(try hub.dayFigures(days: today - 1...today).map { $0.correct + $0.wrong } == [10], "counted on the hub's days")
    }

    @Test("a deleted student's box leaves at its next round; its answers are gone", arguments: HubStoreKind.allCases)
    func deleted(kind: HubStoreKind) async throws {
        let clock = TestClock(1_800_000_000)
        let (hub, _, sync, _) = try Self.joined(kind, count: 10, clock: clock)
        try await sync.round()
        try hub.deleteStudent(sync.membership.student)
        #expect(try await sync.round() == false)
        #expect(await sync.progress.left)
        #expect(try hub.answerCounts().isEmpty && hub.students(days: 0...100_000).isEmpty)
    }

    @Test("a box re-imaged with its statistics restored joins again: a new box, its old answers not stored twice, its new ones stored",
          arguments: HubStoreKind.allCases)
    func reimaged(kind: HubStoreKind) async throws {
        let clock = TestClock(1_800_000_000)
        let (hub, transport, sync, box) = try Self.joined(kind, count: 120, clock: clock)
        try await sync.round()
        // The system is installed again; the statistics file comes back from the student's backup.
        let reply = try hub.join(JoinRequest(code: try hub.makeCode(student: sync.membership.student), publicKey: "key2", name: "Bea again"))
        #expect(reply.box != transport.box)
        try BoxHistory.practise(30, into: box, start: clock.read())
        clock.advance(3_600)
        let again = ClassSync(membership: BoxHistory.membership(reply), store: box, transport: StoreTransport(hub: hub, reply: reply),
                              now: clock.read)
        try await again.round()
        #expect(try hub.answerCounts() == [transport.box: 120, reply.box: 30])
        #expect(await again.progress.duplicates == 120)
        let onBox = Set(try box.answersToPush(profile: "default", after: 0, settledBefore: .infinity, limit: 1_000).map(\.uid))
        let onHub = Set(try hub.exportPage(after: nil, limit: 1_000).map(\.uid))
        #expect(onBox.count == 150 && onHub == onBox)
        #expect(try hub.itemFigures(days: 0...100_000).map { $0.correct + $0.wrong } == [150], "counted once")
    }

    @Test("the teacher's plan reaches the box at its next round, once; its withdrawal too", arguments: HubStoreKind.allCases)
    func assignment(kind: HubStoreKind) async throws {
        let clock = TestClock(1_800_000_000)
        let hub = try kind.make(clock: clock.read)
        let reply = try hub.join(JoinRequest(code: try hub.makeCode(student: nil), publicKey: "key", name: "Bea"))
        let heard = Mutex<[ClassAssignment?]>([])
        let sync = ClassSync(membership: BoxHistory.membership(reply), store: try BoxHistory.store(),
                             transport: StoreTransport(hub: hub, reply: reply), now: clock.read) { assignment in
            heard.withLock { $0.append(assignment) }
        }
        try await sync.round()
        #expect(heard.withLock { $0 }.isEmpty, "no plan assigned: nothing to follow")
        let id = try hub.assign(title: "Thirds", plan: "name = \"Thirds\"", student: nil)
        try await sync.round()
        try await sync.round()
        #expect(heard.withLock { $0 } == [ClassAssignment(id: id, title: "Thirds", plan: "name = \"Thirds\"")])
        try hub.unassign(student: nil)
        try await sync.round()
        #expect(heard.withLock { $0.count == 2 && $0.last! == nil })
    }
}
