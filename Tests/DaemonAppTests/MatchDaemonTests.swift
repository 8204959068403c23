import ControlProtocol
import Daemon
import DaemonTestSupport
import Foundation
import MusicTheory
import Testing
import Training

/// `match` through the daemon: the held note is handed to the sound at its exact frequency after
/// the reference, nothing names its detuning while open, `notes.bend` moves it (a bad value is
/// refused with −32602), the confirming key does not sound and is judged by the wheel.
@Suite("match through the daemon", .daemon)
struct MatchDaemonTests {
    static func text(_ value: JSONValue) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    @Test("the wheel moves the held note; a key confirms, silently, judged by the signed error")
    func matchSession() async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        var notifications: [RPCNotification] = []
        _ = try await link.result("subscribe", .object(["topics": .array(Topic.allCases.map { .string($0.rawValue) })]))
        let started = try await link.result("session.start", .object([
            "kind": .string("match"), "seed": .number(7), "root": .string("A3"), "tolerance": .number(4),
        ]), notifications: &notifications)
        #expect(daemon.sound.prompts.last?.phrases.map(\.notes) == [[MIDINote(57)]], "the reference, A3")
        let held = try #require(daemon.sound.recorded.compactMap { call -> (Double, Double)? in
            if case .hold(let hertz, let cents) = call { (hertz, cents) } else { nil }
        }.last, "a held note: \(daemon.sound.recorded)")
        #expect(held.0 == 220, "A3 itself, its detuning a bend")
        let detune = held.1
        #expect((8...50).contains(abs(detune)), "detuned \(detune) c")
        let shown = String(format: "%.1f", abs(detune))
        let status = try await link.result("status")
        #expect(await Polling.wait { daemon.stdout.contains("match") }, "\(daemon.stdout)")
        for text in [try Self.text(started), try Self.text(status), daemon.stdout] + (try notifications.map { try Self.text($0.params) }) {
            #expect(!text.contains(shown), "the detuning named while open: \(text)")
        }

        let value = PitchWheel.value(forCents: 2.5 - detune, rangeSemitones: 2)
        let bent = try await link.result("notes.bend", .object(["value": .number(Double(value))]))
        #expect(bent["value"]?.numberValue == Double(value))
        let cents = try #require(bent["cents"]?.numberValue)
        #expect(abs(cents - (2.5 - detune)) < 0.025)
        #expect(daemon.sound.recorded.last == .bend(cents: detune + PitchWheel.cents(value, rangeSemitones: 2)))

        notifications = []
        let before = daemon.sound.recorded.count
        _ = try await link.result("notes.play", .object(["notes": .array([.string("C5")])]), notifications: &notifications)
        let judged = try #require(notifications.first { $0.params["type"]?.stringValue == "note_judged" }?.params)
        let error = try #require(judged["details"]?["cents"]?.numberValue)
        #expect(abs(error - 2.5) < 0.025 && judged["details"]?["correct"] == .bool(true), "\(judged)")
        #expect(judged["text"]?.stringValue?.contains("+2.5 c  (in tune, unison)") == true, "\(judged)")
        let after = daemon.sound.recorded.dropFirst(before)
        #expect(!after.contains { if case .key = $0 { true } else { false } }, "the confirming key does not sound: \(after)")
        #expect(after.contains(.releaseHeld), "the held note released once answered")

        let results = try await link.result("session.stop", as: ResultsReport.self)
        #expect(abs((results.meanAbsoluteCents ?? 0) - abs(error)) < 0.001, "\(results)")
    }

    @Test("notes.bend refuses what is not a wheel value with -32602, and says what is", arguments: [
        #"{"value":8192}"#, #"{"value":-8193}"#, #"{"value":"up"}"#, #"{"value":1.5}"#, "{}", "[3]",
    ])
    func badBend(text: String) async throws {
        let params = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        let error = try await #require(throws: RPCError.self) { try await link.result("notes.bend", params) }
        #expect(error.code == -32602, "\(error)")
        #expect(try await link.result("status")["daemon"] != nil, "the daemon still answers")
    }
}
