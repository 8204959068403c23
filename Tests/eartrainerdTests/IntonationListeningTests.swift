import ControlProtocol
import DaemonTestSupport
import Foundation
import MusicTheory
import ProcessTestSupport
import SoundAnalysis
import Testing

/// The intonation drills answered by listening: the test measures the notes' frequencies in the
/// WAV the daemon's `file` driver writes (the steady tone these kinds sound on) to a small fraction of a cent, decides
/// higher or lower (`compare`) or which version is pure (`pure`), answers with keys through the
/// socket, and scores every question; the results and the lifetime statistics give the threshold.
@Suite("Intonation by ear", .realTime)
struct IntonationListeningTests {
    /// The sounds in the WAV once question `number` (from 0) has sounded: two per question, and
    /// for each answer before it its key (the daemon sounds the keys played) and the pair again.
    static func heard(question number: Int) -> Int { 5 * (number + 1) - 3 }

    /// Waits until the WAV holds `count` sounds, the last one over (quiet after it), and returns them.
    static func sounds(_ wav: String, count: Int, seconds: Double = 20) async throws -> (WAVListener, [WAVListener.Sound]) {
        var heard: (WAVListener, [WAVListener.Sound])?
        _ = await Polling.wait(seconds: seconds, every: .milliseconds(50)) {
            guard let listener = try? WAVListener(path: wav) else { return false }
            let sounds = listener.sounds()
            let length = Double(listener.samples.count) / Double(listener.rate)
            guard sounds.count >= count, let last = sounds.last, length > last.end + 0.15 else { return false }
            heard = (listener, sounds)
            return true
        }
        let seen = (try? WAVListener(path: wav)).map { "\($0.sounds())" } ?? "no WAV"
        return try #require(heard, "\(count) sounds in \(wav): \(seen)")
    }

    static func cents(_ upper: Double, over lower: Double) -> Double { 1200 * log2(upper / lower) }

    /// `eartrainctl stats --json`: the default profile's lifetime figures.
    static func figures(_ daemon: DaemonProcess) async throws -> LifetimeFigures {
        try JSONDecoder().decode(LifetimeFigures.self, from: Data(try await Eartrainctl.run(["stats", "--json"], socket: daemon.socketPath).stdout.utf8))
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test("compare: the second note measured against the reference, higher or lower answered with keys, right every time; the threshold in the results and the statistics")
    func compareByEar() async throws {
        let folder = try EarListeningTests.folder("compare")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (daemon, wav) = try await EarListeningTests.daemon(folder)
        let started = try await Eartrainctl.run(["start", "compare", "--root", "A3", "--seed", "3", "--json"], socket: daemon.socketPath)
        #expect(started.status == 0, "\(started)")
        #expect((try Self.json(started.stdout)["session"] as? [String: Any])?["kind"] as? String == "compare", "\(started.stdout)")
        var measured: [Double] = []
        for question in 0..<8 {
            let (listener, sounds) = try await Self.sounds(wav, count: Self.heard(question: question))
            let (first, second) = (sounds[sounds.count - 2], sounds[sounds.count - 1])
            let reference = try #require(listener.keys(in: first).first, "the reference heard: \(sounds)")
            let offset = Self.cents(listener.frequency(in: second, near: reference), over: listener.frequency(in: first, near: reference))
            measured.append(offset)
            // A key a tone above the reference for higher, a tone below for lower.
            let key = MIDINote(reference.rawValue + (offset > 0 ? 2 : -2))
            let played = try await Eartrainctl.run(["play", key.description], socket: daemon.socketPath)
            #expect(played.stdout.contains("✓") && played.stdout.contains(offset > 0 ? "higher" : "lower"),
                    "question \(question + 1): measured \(offset) c: \(played.stdout)")
        }
        // 2-down 1-up, right every time: 25, 25, 12.5, 12.5, 6.25, 6.25, 3.125, 3.125 cents, heard to 0.1 c.
        let expected = [25, 25, 12.5, 12.5, 6.25, 6.25, 3.125, 3.125]
        #expect(zip(measured, expected).allSatisfy { abs(abs($0) - $1) < 0.1 }, "\(measured)")
        #expect(Set(measured.map { $0 > 0 }).count == 2, "both directions asked: \(measured)")

        let status = try Self.json(try await Eartrainctl.run(["status", "--json"], socket: daemon.socketPath).stdout)
        let statusText = "\(status)"
        #expect(!statusText.contains("1.5625") && !statusText.contains("1.56") && !statusText.contains("outcome"), "\(statusText)")

        let stopped = try await Eartrainctl.run(["stop", "--json"], socket: daemon.socketPath)
        let results = try JSONDecoder().decode(ResultsReport.self, from: Data(stopped.stdout.utf8))
        #expect(results.correct == 8 && results.errors == 0, "\(stopped.stdout)")
        let threshold = try #require(results.thresholds.first, "\(stopped.stdout)")
        #expect(threshold.subject == "octave 3" && threshold.trials == 8)
        #expect(threshold.cents == 1.5625 && !threshold.settled, "\(threshold)")
        let human = try await Eartrainctl.run(["results"], socket: daemon.socketPath)
        #expect(human.stdout.contains("threshold") && human.stdout.contains("octave 3") && human.stdout.contains("1.6"), "\(human.stdout)")

        let stats = try await Self.figures(daemon)
        let item = try #require(stats.byItem["compare octave 3"], "\(stats)")
        #expect(item.answers == 8 && item.correct == 8)
        let lifetime = try #require(item.thresholdCents)
        let geometric = exp(expected.map(log).reduce(0, +) / 8)
        #expect(abs(lifetime - geometric) < 1e-9, "the geometric mean of the offsets asked: \(lifetime)")
        let table = try await Eartrainctl.run(["stats"], socket: daemon.socketPath)
        #expect(table.stdout.contains("threshold") && table.stdout.contains(String(format: "%.1f c", geometric)), "\(table.stdout)")
    }

    @Test("compare with intervals: the upper note measured against the tempered interval above the reference")
    func compareIntervalsByEar() async throws {
        let folder = try EarListeningTests.folder("compare-intervals")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (daemon, wav) = try await EarListeningTests.daemon(folder)
        let started = try await Eartrainctl.run(["start", "compare", "--intervals", "P5,M3", "--seed", "8"], socket: daemon.socketPath)
        #expect(started.status == 0 && started.stdout.contains("compare P5 M3"), "\(started)")
        for question in 0..<4 {
            let (listener, sounds) = try await Self.sounds(wav, count: Self.heard(question: question))
            let (first, second) = (sounds[sounds.count - 2], sounds[sounds.count - 1])
            let reference = try #require(listener.keys(in: first).first)
            let upper = try #require(listener.keys(in: second).first)
            let semitones = upper.rawValue - reference.rawValue
            #expect([4, 7].contains(semitones), "a major third or a fifth above: \(semitones)")
            let offset = Self.cents(listener.frequency(in: second, near: upper), over: listener.frequency(in: first, near: reference))
                - Double(semitones) * 100
            let played = try await Eartrainctl.run(["play", MIDINote(reference.rawValue + (offset > 0 ? 1 : -1)).description], socket: daemon.socketPath)
            #expect(played.stdout.contains("✓"), "measured \(offset) c off the tempered interval: \(played.stdout)")
        }
        let stopped = try Self.json(try await Eartrainctl.run(["stop", "--json"], socket: daemon.socketPath).stdout)
        #expect(stopped["correct"] as? Int == 4)
        #expect(Set(((stopped["thresholds"] as? [[String: Any]]) ?? []).compactMap { $0["subject"] as? String }).isSubset(of: ["P5", "M3"]))
    }

    /// Where a third or a sixth above the root meets it, by semitones: the root's partial (6:5, 5:4,
    /// 8:5, 5:3). A tempered one's partials lie a few hertz apart there and beat.
    static let meeting: [Int: Int] = [3: 6, 4: 5, 8: 8, 9: 5]

    /// 5-limit just sizes in cents above the root, by semitones: what a pure interval measures.
    static let just: [Int: Double] = [3: 315.641, 4: 386.314, 8: 813.686, 9: 884.359, 7: 701.955]

    @Test("pure: the version that does not beat answered, the one whose tones lie at the just ratios, right every time; results and statistics per item")
    func pureByEar() async throws {
        let folder = try EarListeningTests.folder("pure")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (daemon, wav) = try await EarListeningTests.daemon(folder)
        let started = try await Eartrainctl.run(["start", "pure", "--level", "1", "--seed", "6"], socket: daemon.socketPath)
        #expect(started.status == 0 && started.stdout.contains("pure against equal, level 1"), "\(started)")
        var items: [Int] = []
        for question in 0..<6 {
            let (listener, sounds) = try await Self.sounds(wav, count: Self.heard(question: question))
            let versions = [sounds[sounds.count - 2], sounds[sounds.count - 1]]
            // The keys, from the version that shows them all: a key's energy is read at its tempered
            // pitch, where a just third 14 c off may not stand out from its neighbours.
            // The steady tone's partials (the octave, the twelfth, …) lie an octave and more above
            // the lowest key; level 1's items (thirds, sixths, triads) lie within it.
            let found = versions.map { version in
                let heard = listener.keys(in: version)
                return heard.filter { $0.rawValue < (heard.first?.rawValue ?? 0) + 12 }
            }
            let keys = found.max { $0.count < $1.count }!
            #expect(keys.count >= 2 && found.allSatisfy { Set($0).isSubset(of: keys) }, "the same keys twice: \(found)")
            let root = try #require(keys.first)
            // How far each version's tones lie from the just sizes above its root, in all.
            let off = versions.map { version in
                let base = listener.frequency(in: version, near: root)
                return keys.dropFirst().reduce(0.0) { total, key in
                    let size = Self.cents(listener.frequency(in: version, near: key), over: base)
                    let octaves = Double((key.rawValue - root.rawValue) / 12) * 1200
                    return total + abs(size - octaves - (Self.just[(key.rawValue - root.rawValue) % 12] ?? .nan))
                }
            }
            #expect(off.min()! < 0.1 && off.max()! > 10, "one version pure, the other 14-16 c off: \(off)")
            // By ear: where the root's and the third's (or sixth's) partials meet, the tempered
            // version's level swells and falls (10-16 times a second here), the pure one's holds.
            let rate = Double(listener.rate)
            let partial = try #require(Self.meeting[(keys[1].rawValue - root.rawValue) % 12], "a third or a sixth above the root: \(keys)")
            let depths = versions.map { version in
                let span = Array(listener.samples[Int((version.start + 0.15) * rate)..<Int((version.end - 0.15) * rate)])
                return Beats.measure(span, near: Double(partial) * listener.frequency(in: version, near: root), sampleRate: rate).depth
            }
            #expect(depths.min()! < 0.15 && depths.max()! > 0.4, "one version beats, the other holds still: \(depths)")
            #expect((depths[0] < depths[1]) == (off[0] < off[1]), "the version that holds still is the one at the just ratios: \(depths), \(off)")
            print(String(format: "pure by ear: %@ depths %.2f %.2f, off %.2f %.2f c", "\(keys)", depths[0], depths[1], off[0], off[1]))
            items.append(keys.count)
            let key = depths[0] < depths[1] ? root : MIDINote(root.rawValue + 2)
            let played = try await Eartrainctl.run(["play", key.description], socket: daemon.socketPath)
            #expect(played.stdout.contains("✓") && played.stdout.contains(off[0] < off[1] ? "the first was pure" : "the second was pure"),
                    "question \(question + 1), \(keys): \(off): \(played.stdout)")
        }
        let human = try await Eartrainctl.run(["stop"], socket: daemon.socketPath)
        #expect(human.stdout.contains("results: 6 correct, 0 errors"), "\(human.stdout)")
        let byItem = try await Self.figures(daemon).byItem
        let pure = byItem.filter { $0.key.hasPrefix("pure ") }
        #expect(pure.values.reduce(0) { $0 + $1.answers } == 6, "\(byItem.keys)")
        #expect(pure.values.allSatisfy { $0.thresholdCents == nil }, "pure finds no threshold")
        // The export's cents: the difference between the two versions asked; its question: what was asked.
        let export = try await Eartrainctl.run(["export", "--format", "json"], socket: daemon.socketPath)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [[String: Any]], "\(export.stdout)")
        #expect(rows.count == 6, "\(export.stdout)")
        #expect(rows.allSatisfy { ($0["cents"] as? Double).map { (13.6...15.7).contains($0) } ?? false }, "\(export.stdout)")
        #expect(rows.allSatisfy { ($0["question"] as? [String: Any])?["item"] != nil }, "the question asked: \(export.stdout)")
    }
}
