import ControlClient
import ControlProtocol
import DaemonTestSupport
import Foundation
import Testing

/// `subscribe` with one topic at a time, against the built daemon: the subscriber hears every event
/// of that topic that a subscriber to everything hears, and nothing else.
@Suite("Subscription topics", .daemon)
struct SubscriptionTopicTests {
    /// The event types a scripted session causes, by topic. Device events need a keyboard or a
    /// sound device coming or going, which this machine cannot stage: DeviceTopicTests has the core
    /// report one over a real socket. Readings need a listening input, which the shipped config
    /// has off: ListenTopicDaemonTests sings into one.
    static let typesCaused: [Topic: Set<String>] = [
        .session: ["session_started", "round_complete", "session_ended"],
        .prompt: ["prompt"],
        .answer: ["note_judged", "answer_revealed"],
        .device: [],
        .listen: [],
    ]

    /// An interval session (a wrong try, a right answer, a repeat, a skip), then a scale session
    /// with a whole round, then stop: every kind of session event.
    private static func script(_ driver: ControlConnection) async throws {
        var notifications: [RPCNotification] = []
        _ = try await driver.result("subscribe", .object(["topics": .array([.string("prompt")])]))
        _ = try await driver.result("session.start", .object([
            "kind": .string("interval"), "root": .string("C3"), "intervals": .array([.string("P5")]), "strict": .bool(true),
        ]), notifications: &notifications)
        let answer = Double(try ShownInterval.answer(notifications).midiNumber)
        _ = try await driver.result("notes.play", .object(["notes": .array([.number(answer + 1), .number(answer)])]))
        _ = try await driver.result("session.repeat")
        _ = try await driver.result("session.skip")
        _ = try await driver.result("session.start", .object(["kind": .string("scale"), "mode": .string("ionian"), "root": .string("C3")]))
        let scale = ["C3", "D3", "E3", "F3", "G3", "A3", "B3", "C4"]
        _ = try await driver.result("notes.play", .object(["notes": .array(scale.map { .string($0) })]))
        _ = try await driver.result("session.stop")
    }

    /// What `connection` has been sent since it last asked; config.get goes through the service
    /// group, so its reply comes after every event before it.
    private static func heard(_ connection: ControlConnection) async throws -> [RPCNotification] {
        var notifications: [RPCNotification] = []
        _ = try await connection.result("config.get", notifications: &notifications)
        return notifications
    }

    @Test("one topic: every notification carries it, none of its events is missing", arguments: Topic.allCases)
    func oneTopic(_ topic: Topic) async throws {
        let daemon = try await TestDaemon()
        let listener = try await daemon.connect()
        #expect(try await listener.result("subscribe", .object(["topics": .array([.string(topic.rawValue)])]))
            == .object(["topics": .array([.string(topic.rawValue)])]))
        let everything = try await daemon.connect()
        let all = Topic.allCases.map(\.rawValue).sorted().map { JSONValue.string($0) }
        #expect(try await everything.result("subscribe", .object([:])) == .object(["topics": .array(all)]), "no topics: all of them")

        // What came before both were subscribed (the keyboard's state at start-up, a device event,
        // may reach one and not the other) is only checked for its topic.
        let early = try await Self.heard(listener)
        _ = try await Self.heard(everything)

        try await Self.script(try await daemon.connect())
        let heard = try await Self.heard(listener)
        let reference = try await Self.heard(everything).filter { $0.params["topic"]?.stringValue == topic.rawValue }
        for notification in early {
            #expect(notification.params["topic"]?.stringValue == topic.rawValue, "\(notification.params)")
        }
        #expect(heard.allSatisfy { $0.method == "event" }, "\(heard)")
        for notification in heard {
            #expect(notification.params["topic"]?.stringValue == topic.rawValue, "\(notification.params)")
        }
        #expect(heard.map { $0.params["seq"] } == reference.map { $0.params["seq"] }, "not the same events as the full subscriber's")
        let types = Set(heard.compactMap { $0.params["type"]?.stringValue })
        #expect(types.isSuperset(of: Self.typesCaused[topic]!), "\(topic): heard \(types)")
        if topic != .device { #expect(types == Self.typesCaused[topic]!, "\(topic): heard \(types)") }

        // Unsubscribed, it hears nothing more.
        #expect(try await listener.result("unsubscribe", .object(["topics": .array([.string(topic.rawValue)])])) == .object(["topics": .array([])]))
        try await Self.script(try await daemon.connect())
        await #expect(try Self.heard(listener).isEmpty)
    }
}
