import ControlProtocol
import DaemonTestSupport
import Foundation
import Statistics
import Testing

/// A sung note measured whole through the daemon: a voice that starts 12 c sharp and settles in
/// tune is judged as it settles (sharp), then measured once it ends (in tune); the results and the
/// statistics file keep the whole note's cents.
@Suite("a sung note measured whole through the daemon", .daemon)
struct MeasuredNoteDaemonTests {
    /// C3 sung 12 c sharp for 150 ms, then in tune for 650 ms (a fundamental and two partials,
    /// the phase carried across), after half a second of quiet, as a 16-bit mono WAV stream.
    static func scoopedC3() -> [UInt8] {
        let rate = 48_000.0
        var samples = [Float](repeating: 0, count: 24_000)
        var phase = 0.0
        let count = Int(0.8 * rate), ramp = Int(0.03 * rate)
        for index in 0..<count {
            let cents = Double(index) < 0.15 * rate ? 12.0 : 0
            phase += 2 * .pi * SungAnswerDaemonTests.hertz(48, cents) / rate
            let envelope = Double(min(index, count - 1 - index, ramp)) / Double(ramp)
            samples.append(Float(0.3 * envelope * (sin(phase) + 0.5 * sin(2 * phase) + 0.25 * sin(3 * phase))))
        }
        samples += [Float](repeating: 0, count: 24_000)
        return SungAnswerDaemonTests.stream(samples)
    }

    @Test("judged sharp as it settled, measured in tune whole: note_measured, stdout, the results and the statistics file say the whole note's cents")
    func measuredWhole() async throws {
        let (folder, pipe) = try SungAnswerDaemonTests.pipeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = SQLiteStatisticsStore.open(path: folder.appendingPathComponent("statistics.sqlite").path, logger: TestDaemon.logger)
        let daemon = try await TestDaemon(statistics: store, config: try SungAnswerDaemonTests.config(listeningTo: pipe, in: folder))
        let link = try await daemon.connect()
        _ = try await link.result("subscribe", .object(["topics": .array([.string("answer")])]))
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "mode": .string("ionian"), "root": .string("C3")]))
        SungAnswerDaemonTests.write(Self.scoopedC3(), to: pipe)

        var judged: NoteJudgedDetails?
        var measured: NoteMeasuredDetails?
        while measured == nil {
            let event = try Wire.decode(EventReport.self, from: .object(try await link.nextNotification().params.objectValue ?? [:]))
            switch event.body {
            case .noteJudged(let details): judged = details
            case .noteMeasured(let details): measured = details
            default: break
            }
        }
        let judgedCents = try #require(judged?.cents, "\(String(describing: judged))")
        let whole = try #require(measured)
        print("scooped C3: judged \(judgedCents) c, measured \(whole.cents) c")
        #expect(judgedCents > 6, "judged as it settled, in the scoop: \(judgedCents) c")
        #expect(abs(whole.cents) <= 2 && whole.inTune && whole.judgedCents == judgedCents && whole.played == "C3", "\(whole)")
        #expect(whole.subject == "degree 1", "\(whole)")
        #expect(await Polling.wait(seconds: 30) { daemon.stdout.contains("C3 whole note ") }, "\(daemon.stdout)")

        let results = try await link.result("session.stop", as: ResultsReport.self)
        #expect(abs((results.meanAbsoluteCents ?? .nan) - abs(whole.cents)) < 0.01, "\(String(describing: results.meanAbsoluteCents))")
        #expect(await Polling.wait(seconds: 30) { ((try? store.answers(profile: nil)) ?? []).count == 1 })
        let answers = try store.answers(profile: nil)
        #expect(answers.map(\.cents) == [whole.cents], "\(answers.map(\.cents))")
    }
}
