import ControlProtocol
import DaemonTestSupport
import Foundation
import ProcessTestSupport
import Testing
import Training

/// A rhythm clapped into the listening input: its claps (onsets without pitch, `OnsetDetector`)
/// are the play-back's onsets, judged as keys' would be, from `listen`; claps while the daemon's
/// own sound may be heard are left out.
@Suite("a rhythm clapped through the daemon", .daemon)
struct ClappedRhythmDaemonTests {
    /// Claps at each of `onsets` seconds after `lead` seconds of a room's quiet, as a WAV stream.
    static func claps(at onsets: [Double], lead: Double = 0.5) -> [UInt8] {
        SungAnswerDaemonTests.stream(Claps.room(seconds: lead + (onsets.last ?? 0) + 0.8, claps: onsets.map { lead + $0 }))
    }

    @Test("the pattern clapped is right, from listen, `(clapped)` on stdout, each onset within 40 ms; status counts the claps")
    func clapped() async throws {
        let (folder, pipe) = try SungAnswerDaemonTests.pipeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let daemon = try await TestDaemon(config: try SungAnswerDaemonTests.config(listeningTo: pipe, in: folder))
        let link = try await daemon.connect()
        _ = try await link.result("subscribe", .object(["topics": .array([.string("answer")])]))
        _ = try await link.result("session.start", .object([
            "kind": .string("rhythm"), "root": .string("C3"), "seed": .number(4), "tempo": .number(90), "level": .number(2),
            "tolerance_ms": .number(150),
        ]))
        let pattern = try RhythmDurationsDaemonTests.heard(daemon).map(\.onset)
        #expect(pattern.count >= 3, "\(pattern)")
        SungAnswerDaemonTests.write(Self.claps(at: pattern), to: pipe)

        var judged: JSONValue?
        while judged == nil {
            let notification = try await link.nextNotification()
            if notification.params["type"]?.stringValue == "note_judged" { judged = notification.params }
        }
        let event = try #require(judged)
        #expect(event["details"]?["source"] == .string("listen") && event["details"]?["correct"] == .bool(true), "\(event)")
        #expect(event["text"]?.stringValue?.contains("(clapped)") == true, "\(event)")
        let errors = try Wire.decode(RhythmJudgement.self, from: try #require(event["details"])).onsets.compactMap(\.errorMs)
        #expect(errors.count == pattern.count && errors.allSatisfy { abs($0) <= 40 }, "\(event)")
        print("clapped rhythm: onset errors \(errors) ms")
        let status = try await link.result("status", as: StatusResult.self)
        #expect(status.devices.listen?.tapsHeard == pattern.count, "\(String(describing: status.devices.listen))")
    }

    @Test("claps while the daemon's own sound may be heard are left out: no judgement, counted as its own sound")
    func ownSound() async throws {
        let (folder, pipe) = try SungAnswerDaemonTests.pipeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let daemon = try await TestDaemon(config: try SungAnswerDaemonTests.config(listeningTo: pipe, in: folder))
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object([
            "kind": .string("rhythm"), "root": .string("C3"), "seed": .number(4), "tempo": .number(90),
        ]))
        daemon.sound.soundsUntil(.now + .seconds(60))
        let pattern = try RhythmDurationsDaemonTests.heard(daemon).map(\.onset)
        SungAnswerDaemonTests.write(Self.claps(at: pattern), to: pipe)
        #expect(await Polling.wait(seconds: 60) {
            let status = try? await link.result("status", as: StatusResult.self)
            return (status?.devices.listen?.ownSound ?? 0) >= pattern.count
        })
        let status = try await link.result("status", as: StatusResult.self)
        #expect(status.devices.listen?.tapsHeard == 0 && status.session?.correct == 0 && status.session?.errors == 0, "\(status)")
    }
}
