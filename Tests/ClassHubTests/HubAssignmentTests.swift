import ClassHub
import ClassProtocol
import Testing

/// Assignments: each box is told the newest plan for its student, else the newest for the class;
/// a withdrawn one gives way to the one before.
@Suite("The hub's store: assignments")
struct HubAssignmentTests {
    static let key = String(repeating: "A", count: 88)

    /// A box of a student named `name` on `store`.
    static func box(_ store: HubStore, _ name: String) throws -> HubStore.Box {
        let reply = try store.join(JoinRequest(code: try store.makeCode(student: try store.addStudent(name: name)), publicKey: key, name: name))
        return try #require(try store.box(token: reply.token))
    }

    @Test("a student's own plan over the class's, the newest of each; withdrawn, the one before again", arguments: HubStoreKind.allCases)
    func newestFirst(kind: HubStoreKind) throws {
        let clock = TestClock(1_800_000_000)
        let store = try kind.make(clock: clock.read)
        let bea = try Self.box(store, "Bea"), cem = try Self.box(store, "Cem")
        #expect(try store.state(of: bea).assignment == nil)

        let thirds = try store.assign(title: "Thirds", plan: "name = \"Thirds\"", student: nil)
        clock.advance(60)
        let sixths = try store.assign(title: "Sixths", plan: "name = \"Sixths\"", student: nil)
        clock.advance(60)
        let beas = try store.assign(title: "Bea's own", plan: "name = \"Bea's own\"", student: try store.findStudent("Bea"))
        #expect(try store.state(of: bea).assignment == ClassAssignment(id: beas, title: "Bea's own", plan: "name = \"Bea's own\""))
        #expect(try store.state(of: cem).assignment?.id == sixths)

        #expect(try store.unassign(student: try store.findStudent("Bea")) == 1)
        #expect(try store.state(of: bea).assignment?.id == sixths)
        #expect(try store.unassign(student: nil) == 2)
        #expect(try store.state(of: bea).assignment == nil && store.state(of: cem).assignment == nil)
        #expect(try store.assignments().isEmpty)
        _ = thirds
    }

    @Test("a student named twice, or never, is refused by name; an id always finds them", arguments: HubStoreKind.allCases)
    func findingStudents(kind: HubStoreKind) throws {
        let store = try kind.make()
        let first = try store.addStudent(name: "Ana")
        _ = try store.addStudent(name: "Ana")
        #expect(try store.findStudent(first) == first)
        #expect(throws: HubRefusal.self) { try store.findStudent("Ana") }
        #expect(throws: HubRefusal.self) { try store.findStudent("Zoe") }
        #expect(throws: HubRefusal.self) { try store.assign(title: "T", plan: "name = \"T\"", student: "no-such-id") }
    }
}
