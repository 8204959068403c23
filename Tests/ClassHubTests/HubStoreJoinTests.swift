import ClassHub
import ClassProtocol
import Testing

/// Joining: a one-time code makes one box, once; a code never made, or used, is refused; a
/// deleted student's box is told to leave.
@Suite("The hub's store: joining")
struct HubStoreJoinTests {
    static let key = String(repeating: "A", count: 88)

    @Test("a code joins one box, once; a second use and an unknown code are refused", arguments: HubStoreKind.allCases)
    func oneTime(kind: HubStoreKind) throws {
        let store = try kind.make()
        let student = try store.addStudent(name: "Bea")
        let code = try store.makeCode(student: student)
        let reply = try store.join(JoinRequest(code: code.lowercased(), publicKey: Self.key, name: "bea's box"))
        #expect(reply.student == student)
        #expect(try store.box(token: reply.token)?.id == reply.box)
        #expect(try store.box(token: reply.token + "x") == nil)
        #expect(throws: HubRefusal(error: "code_used", message: "that code was used already, or is more than a week old: ask for another")) {
            try store.join(JoinRequest(code: code, publicKey: Self.key, name: "another box"))
        }
        #expect(throws: HubRefusal(error: "unknown_code", message: "the hub made no such code")) {
            try store.join(JoinRequest(code: "0000-0000-0000-0000", publicKey: Self.key, name: "a box"))
        }
        #expect(try store.boxes().count == 1)
    }

    @Test("a code without a student makes one, named by the box", arguments: HubStoreKind.allCases)
    func namedByTheBox(kind: HubStoreKind) throws {
        let store = try kind.make()
        let reply = try store.join(JoinRequest(code: try store.makeCode(student: nil), publicKey: Self.key, name: "Cem"))
        #expect(try store.students(days: 0...0).map(\.name) == ["Cem"])
        #expect(try store.students(days: 0...0).first?.id == reply.student)
    }

    @Test("a code more than a week old is refused", arguments: HubStoreKind.allCases)
    func expired(kind: HubStoreKind) throws {
        let clock = TestClock(1_000_000)
        let store = try kind.make(clock: clock.read)
        let code = try store.makeCode(student: nil)
        clock.advance(HubStore.codeLifetime + 1)
        #expect(throws: HubRefusal.self) { try store.join(JoinRequest(code: code, publicKey: Self.key, name: "late")) }
    }
}
