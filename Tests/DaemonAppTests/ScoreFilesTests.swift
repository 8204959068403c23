import ConfigFile
import ControlProtocol
@testable import DaemonApp
import DaemonTestSupport
import Foundation
import MusicTheory
import Testing
import Training

/// The daemon's score library (`dictation --from`): the files a session names, read and cut into
/// the phrases the engine asks; a bad file refused by name, a folder's bad files left out; and the
/// whole way from `eartrainctl start dictation --from` (a relative path) to a phrase played back.
@Suite("scores as dictation material", .daemon)
struct ScoreFilesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Ode to Joy, sixteen bars in D major (docs/examples).
    static let ode = repository.appendingPathComponent("docs/examples/ode-to-joy.musicxml").path

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scores-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A type-0 MIDI file in 3/4, A minor, at 480 ticks a quarter: an upbeat quarter E4, then A4
    /// G#4 A4 | B4 (a half) C5 (a half, over the bar line), as performed: each note held 90 %.
    static let minorMIDI: [UInt8] = {
        func be(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).reversed().map { UInt8((value >> (8 * $0)) & 0xFF) } }
        func delta(_ ticks: Int) -> [UInt8] {
            var bytes = [UInt8(ticks & 0x7F)]
            var rest = ticks >> 7
            while rest > 0 { bytes.insert(UInt8(rest & 0x7F) | 0x80, at: 0); rest >>= 7 }
            return bytes
        }
        var track: [UInt8] = [0x00, 0xFF, 0x58, 0x04, 3, 2, 24, 8, 0x00, 0xFF, 0x59, 0x02, 0, 1]
        // The upbeat: two beats of silence first.
        var wait = 960
        for (key, quarters) in [(64, 1), (69, 1), (68, 1), (69, 1), (71, 2), (72, 2)] {
            let held = quarters * 480 * 9 / 10
            track += delta(wait) + [0x90, UInt8(key), 80] + delta(held) + [0x80, UInt8(key), 0]
            wait = quarters * 480 - held
        }
        track += [0x00, 0xFF, 0x2F, 0x00]
        return Array("MThd".utf8) + be(6, 4) + be(0, 2) + be(1, 2) + be(480, 2) + Array("MTrk".utf8) + be(track.count, 4) + track
    }()

    @Test("a MusicXML file: its phrases of whole bars, their keys, key signature and note values, named by file and bars")
    func musicXML() throws {
        let phrases = try ScoreFiles().melodies(ScoreRequest(paths: [Self.ode], bars: 2...2))
        #expect(phrases.count == 8)
        #expect(phrases[0].keys.map(\.rawValue) == [66, 66, 67, 69, 69, 67, 66, 64] && phrases[0].fifths == 2 && !phrases[0].minor)
        #expect(phrases[0].source == "ode-to-joy.musicxml, bars 1-2" && phrases[7].source == "ode-to-joy.musicxml, bars 15-16")
        #expect(phrases[1].rhythm == ScoreMelody.Rhythm(meter: .fourFour, lead: 0, lengths: [12, 12, 12, 12, 18, 6, 24]), "a dotted quarter, an eighth, a half")
        let four = try ScoreFiles().melodies(ScoreRequest(paths: [Self.ode], bars: 1...4))
        #expect(four.map(\.keys.count) == [15, 15, 17, 15], "four four-bar phrases")
    }

    @Test("a MIDI file as performed: the notes' small gaps are no rests; its meter, its minor key, its upbeat")
    func midi() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("minor.mid").path
        try Data(Self.minorMIDI).write(to: URL(fileURLWithPath: path))
        let phrases = try ScoreFiles().melodies(ScoreRequest(paths: [path], bars: 1...4))
        #expect(phrases.count == 1)
        let phrase = try #require(phrases.first)
        #expect(phrase.keys.map(\.rawValue) == [64, 69, 68, 69, 71, 72] && phrase.minor && phrase.fifths == 0)
        #expect(phrase.rhythm == ScoreMelody.Rhythm(meter: .threeFour, lead: 24, lengths: [12, 12, 12, 12, 24, 24]))
    }

    @Test("a part by number, name or id; one the score lacks is refused with the parts it has")
    func parts() throws {
        #expect(try ScoreFiles().melodies(ScoreRequest(paths: [Self.ode], part: "1")).count == 8)
        #expect(try ScoreFiles().melodies(ScoreRequest(paths: [Self.ode], part: "melody")).count == 8)
        #expect(try ScoreFiles().melodies(ScoreRequest(paths: [Self.ode], part: "P1")).count == 8)
        let refusal = #expect(throws: TrainingError.self) { try ScoreFiles().melodies(ScoreRequest(paths: [Self.ode], part: "violin")) }
        #expect(refusal?.description == "ode-to-joy.musicxml has no part 'violin' with notes; its parts: 1 Melody (P1)")
    }

    @Test("a file that is not there or not a score is refused by name; a folder leaves out what it cannot read, and is refused when nothing is left")
    func badFiles() throws {
        #expect(throws: TrainingError("/nonexistent/song.mxl: no such file or folder, or the daemon may not read it")) {
            try ScoreFiles().melodies(ScoreRequest(paths: ["/nonexistent/song.mxl"]))
        }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let garbage = folder.appendingPathComponent("broken.mid")
        try Data("MThd but not really".utf8).write(to: garbage)
        try Data("a note to myself".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let refusal = #expect(throws: TrainingError.self) { try ScoreFiles().melodies(ScoreRequest(paths: [garbage.path])) }
        #expect(refusal?.description.hasPrefix("broken.mid: ") == true, "\(String(describing: refusal))")
        #expect(throws: TrainingError.self) { try ScoreFiles().melodies(ScoreRequest(paths: [folder.path])) }
        let nested = folder.appendingPathComponent("folk")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.ode, toPath: nested.appendingPathComponent("ode.musicxml").path)
        let found = try ScoreFiles().melodies(ScoreRequest(paths: [folder.path]))
        #expect(found.count == 8 && found.allSatisfy { $0.source.hasPrefix("ode.musicxml") }, "the good score in a subfolder, the broken one left out")
    }

    @Test("eartrainctl start dictation --from a relative path: the daemon asks the score's phrases, played back right")
    func throughTheDaemon() async throws {
        let daemon = try await TestDaemon(socketFile: true)
        let started = try await Eartrainctl.run(["start", "dictation", "--from", "examples/ode-to-joy.musicxml", "--bars", "2", "--seed", "3"],
                                                socket: daemon.socketPath, in: Self.repository.appendingPathComponent("docs"))
        #expect(started.status == 0, "\(started)")
        #expect(daemon.stdout.contains("session started: phrases of 2 bars from ode-to-joy.musicxml"), "\(daemon.stdout)")
        let phrases = try ScoreFiles().melodies(ScoreRequest(paths: [Self.ode], bars: 2...2)).map { $0.keys.map(\.rawValue) }
        let melody = try #require(daemon.sound.prompts.last?.phrases.last?.notes).map(\.rawValue)
        #expect(phrases.contains(melody), "a phrase of the score, as written (it fits the note range): \(melody)")
        let played = try await Eartrainctl.run(["play"] + melody.map(String.init), socket: daemon.socketPath)
        #expect(played.status == 0, "\(played)")
        #expect(await Polling.wait { daemon.stdout.components(separatedBy: "✓").count - 1 == melody.count }, "\(daemon.stdout)")
        let status = try await daemon.ctl("status")
        #expect(status.stdout.contains("phrases of 2 bars from ode-to-joy.musicxml"), "\(status)")
        let refused = try await daemon.ctl("start", "dictation", "--from", "/etc/hostname")
        #expect(refused.status == 1 && refused.stderr.contains("hostname: not a score"), "\(refused)")
        _ = await daemon.stop()
    }

    @Test("your own scores: --library own takes the config's [training.library] paths, read at each start; none listed is a clear refusal")
    func ownLibrary() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: Self.ode, toPath: folder.appendingPathComponent("ode.musicxml").path)
        let own = try ScoreFiles(ownPaths: { [folder.path] }).melodies(ScoreRequest(paths: [], bars: 2...2, library: .own))
        #expect(own.count == 8 && own.allSatisfy { $0.source.hasPrefix("ode.musicxml, bars") })
        #expect(throws: TrainingError("no scores of your own yet: list their files or folders in the config's [training.library] paths")) {
            try ScoreFiles().melodies(ScoreRequest(paths: [], library: .own))
        }

        let config = try ConfigLoader.parse("[training.library]\npaths = [\"\(folder.path)\"]\n", file: "own.toml")
        let daemon = try await TestDaemon(socketFile: true, config: ConfigReloader(source: .builtInDefaults, initial: config, logger: TestDaemon.logger))
        let started = try await daemon.ctl("start", "dictation", "--library", "own", "--level", "2", "--seed", "3")
        #expect(started.status == 0 && started.stdout.contains("phrases of 1-2 bars from your own scores, level 2"), "\(started)")
        let phrases = try ScoreFiles().melodies(ScoreRequest(paths: [Self.ode])).map { $0.keys.map(\.rawValue) }
        let melody = try #require(daemon.sound.prompts.last?.phrases.last?.notes).map(\.rawValue).suffix(from: 4)
        #expect(phrases.contains(Array(melody)), "after the count-in's four clicks, a phrase of the teacher's score: \(melody)")
        _ = await daemon.stop()
    }
}
