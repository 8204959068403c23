import DaemonTestSupport
import Foundation
import MusicTheory
import Scores
import SoundAnalysis
import Testing

/// An ear-interval question answered by listening: the test hears the daemon's sound in the WAV
/// the file driver writes (sine source) and plays the note it heard, never reading the answer
/// from the daemon.
@Suite("Answering by ear", .realTime)
struct EarListeningTests {
    /// A fresh folder under the temporary directory, named `name` and a random suffix.
    static func folder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func daemon(_ folder: URL, source: String = "sine", speak: String = "off", noteDuration: Double? = nil) async throws -> (DaemonProcess, String) {
        let wav = folder.appendingPathComponent("lesson.wav").path
        var config = try String(contentsOf: ConsoleExample.repository.appendingPathComponent("config/eartrainer.toml"), encoding: .utf8)
        config = config.replacingOccurrences(of: "driver = \"auto\"\ndevice = \"default\"", with: "driver = \"file\"\ndevice = \"\(wav)\"")
            .replacingOccurrences(of: "sound_source = \"cello\"", with: "sound_source = \"\(source)\"")
            .replacingOccurrences(of: "speak = \"auto\"", with: "speak = \"\(speak)\"")
        if let noteDuration { config = config.replacingOccurrences(of: "note_duration = 1.0", with: "note_duration = \(noteDuration)") }
        #expect(config.contains(wav) && config.contains("sound_source = \"\(source)\"") && config.contains("speak = \"\(speak)\"")
                    && (noteDuration.map { config.contains("note_duration = \($0)") } ?? true), "the shipped config's keys moved")
        let path = folder.appendingPathComponent("eartrainer.toml").path
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(arguments: ["--config", path], audio: true)
        // The cello calibrates its keys when its cache is cold (a second here, longer loaded).
        _ = await Polling.wait(seconds: 60) { (try? await Eartrainctl.run(["status"], socket: daemon.socketPath).stdout.contains("sound: \(wav)")) ?? false }
        return (daemon, wav)
    }

    @Test("melodic and harmonic: the note heard after (or with) the root is played back and judged right", arguments: [false, true])
    func answerByEar(harmonic: Bool) async throws {
        let folder = try Self.folder("ear")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (daemon, wav) = try await Self.daemon(folder)
        let started = try await Eartrainctl.run(["start", "ear-interval", "--intervals", "M3,P5,m6", "--seed", "12"] + (harmonic ? ["--harmonic"] : []),
                                          socket: daemon.socketPath)
        #expect(started.status == 0, "\(started)")
        try await Task.sleep(for: .seconds(3.6))  // the root, then the interval (1 s notes, 0.25 s gaps)
        let listener = try WAVListener(path: wav)
        let sounds = listener.sounds()
        let heard = sounds.map { listener.keys(in: $0) }
        let root = try #require(heard.first?.first, "the root heard first: \(heard)")
        let last = try #require(heard.last)
        let answer = try #require(last.first { $0 != root } ?? (last.count == 1 && heard.count >= 3 ? last.first : nil),
                                  "the other note heard: \(heard) in \(sounds)")
        if harmonic { #expect(last.count == 2, "two keys together: \(heard)") }
        let played = try await Eartrainctl.run(["play", answer.spelled.description], socket: daemon.socketPath)
        #expect(played.stdout.contains("✓"), "\(answer) from \(root): \(played.stdout)")
        let interval = answer.rawValue - root.rawValue
        #expect([4, 7, 8].contains(interval), "an interval of the set: \(interval) semitones")
    }

    @Test("a chord heard on its root is played back, its keys held together, and judged right")
    func chordByEar() async throws {
        let folder = try Self.folder("chord")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (daemon, wav) = try await Self.daemon(folder)
        let started = try await Eartrainctl.run(["start", "chord", "--qualities", "major,minor,diminished,augmented", "--seed", "5"],
                                          socket: daemon.socketPath)
        #expect(started.status == 0, "\(started)")
        try await Task.sleep(for: .seconds(2.4))  // the root, then the chord
        let listener = try WAVListener(path: wav)
        let sounds = listener.sounds()
        let heard = sounds.map { listener.keys(in: $0) }
        let chord = try #require(heard.last, "\(heard)")
        #expect(chord.count == 3, "three keys together: \(heard) in \(sounds)")
        let played = try await Eartrainctl.run(["play", chord.map(\.spelled.description).joined(separator: "+")], socket: daemon.socketPath)
        #expect(played.stdout.contains("✓"), "\(chord): \(played.stdout)")
        let results = try await Eartrainctl.run(["stop"], socket: daemon.socketPath)
        #expect(results.stdout.contains("results: 1 correct, 0 errors"), "\(results.stdout)")
    }

    @Test("a scale degree heard after its cadence is played back; the degree is named once answered")
    func degreeByEar() async throws {
        let folder = try Self.folder("degree")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (daemon, wav) = try await Self.daemon(folder)
        let started = try await Eartrainctl.run(["start", "degree", "--degrees", "2,3,5,6", "--seed", "8"], socket: daemon.socketPath)
        #expect(started.status == 0, "\(started)")
        try await Task.sleep(for: .seconds(6.6))  // four chords, then the note (1 s each, 0.25 s gaps)
        let listener = try WAVListener(path: wav)
        let sounds = listener.sounds()
        let heard = sounds.map { listener.keys(in: $0) }
        #expect(heard.count == 5, "the cadence's four chords, then the note: \(heard)")
        // The tonic is the first chord's bass an octave up; the note is the last sound.
        let tonic = try #require(heard.first?.min(), "\(heard)").rawValue + 12
        let note = try #require(heard.last?.first, "\(heard)")
        let degree = try #require([2: 2, 4: 3, 7: 5, 9: 6][((note.rawValue - tonic) % 12 + 12) % 12], "\(note) over \(tonic)")
        let played = try await Eartrainctl.run(["play", note.spelled.description], socket: daemon.socketPath)
        #expect(played.stdout.contains("✓  (degree \(degree))"), "\(note): \(played.stdout)")
    }

    @Test("a low tonic's cadence keeps its bass on G2 or above: on C3 it is C3 itself, heard in the WAV")
    func lowCadenceBass() async throws {
        let folder = try Self.folder("low-cadence")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (daemon, wav) = try await Self.daemon(folder)
        let started = try await Eartrainctl.run(["start", "degree", "--root", "C3", "--seed", "2"], socket: daemon.socketPath)
        #expect(started.status == 0, "\(started)")
        try await Task.sleep(for: .seconds(6.6))  // four chords, then the note
        let listener = try WAVListener(path: wav)
        let heard = listener.sounds().map { listener.keys(in: $0) }
        #expect(heard.count == 5, "the cadence's four chords, then the note: \(heard)")
        let basses = heard.prefix(4).compactMap { $0.min() }
        #expect(basses.map(\.rawValue) == [48, 53, 55, 48], "I IV V I on C3 F3 G3 C3, not C2 F2 G2 C2: \(basses)")
        _ = try await Eartrainctl.run(["stop"], socket: daemon.socketPath)
    }

    @Test("a melody heard after its key's cadence and its first note is played back note by note, and counted right")
    func dictationByEar() async throws {
        let folder = try Self.folder("dictation")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (daemon, wav) = try await Self.daemon(folder)
        let started = try await Eartrainctl.run(["start", "dictation", "--length", "4", "--seed", "6"], socket: daemon.socketPath)
        #expect(started.status == 0, "\(started)")
        try await Task.sleep(for: .seconds(11.8))  // the key's cadence, the first note, then four (1 s each, 0.25 s gaps)
        let listener = try WAVListener(path: wav)
        let sounds = listener.sounds()
        let heard = sounds.map { listener.keys(in: $0) }
        let notes = heard.suffix(5)
        #expect(heard.count == 9 && heard.prefix(4).allSatisfy { $0.count == 4 } && notes.allSatisfy { $0.count == 1 },
                "the cadence's four chords, the first note, then the melody: \(heard) in \(sounds)")
        let melody = notes.dropFirst().compactMap(\.first)
        #expect(melody.first == notes.first?.first, "the melody begins on the note shown")
        let played = try await Eartrainctl.run(["play"] + melody.map(\.spelled.description), socket: daemon.socketPath)
        #expect(played.stdout.contains("4/4"), "\(melody): \(played.stdout)")
        let results = try await Eartrainctl.run(["stop"], socket: daemon.socketPath)
        #expect(results.stdout.contains("results: 4 correct, 0 errors"), "\(results.stdout)")
    }

    @Test("a phrase of a teacher's score, heard after its key's cadence, is played back by ear; each is a run of the score's own notes", arguments: [1, 7])
    func scoreDictationByEar(seed: Int) async throws {
        let score = ConsoleExample.repository.appendingPathComponent("docs/examples/ode-to-joy.musicxml").path
        let tune = try #require(try ScoreFile.read(path: score).parts.first).melody.map(\.key)
        try await Self.phraseByEar(["--from", score, "--seed", "\(seed)"], from: [tune], octaves: [0])
    }

    @Test("a phrase of a chorale melody from the library, heard after its cadence, is played back by ear; it is a run of one of the library's chorales")
    func libraryDictationByEar() async throws {
        let tunes = MelodyLibrary.shipped.melodies.filter { $0.collection == "chorale" }.map { $0.part.notes.map(\.key) }
        // Moved by octaves as the note range may have needed.
        try await Self.phraseByEar(["--library", "chorale", "--seed", "11"], from: tunes, octaves: [-2, -1, 0, 1, 2])
    }

    /// A one-bar dictation started with `arguments`, taken down by ear: the key's cadence (four
    /// chords), the first note, then the phrase, all heard in the WAV before it is played back.
    /// What was heard must be a run of one of `tunes`, moved by one of `octaves`; played back, it
    /// is right.
    static func phraseByEar(_ arguments: [String], from tunes: [[Int]], octaves: [Int]) async throws {
        let folder = try Self.folder("phrase")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (daemon, wav) = try await Self.daemon(folder, noteDuration: 0.5)
        let started = try await Eartrainctl.run(["start", "dictation", "--bars", "1"] + arguments, socket: daemon.socketPath)
        #expect(started.status == 0, "\(started)")
        let length = try #require(started.stdout.firstMatch(of: /play the melody \((\d+) notes\)/).flatMap { Int($0.1) })
        let listener = try await Self.heard(wav, sounds: 4 + 1 + length)
        let heard = listener.sounds().map { listener.keys(in: $0) }
        let melody = heard.suffix(length).compactMap(\.first)
        #expect(heard.count == 5 + length && heard.suffix(length + 1).allSatisfy { $0.count == 1 } && melody.count == length, "\(heard)")
        let keys = melody.map(\.rawValue)
        let isRun = tunes.contains { tune in
            tune.count >= length && (0...(tune.count - length)).contains { start in
                octaves.contains { octave in zip(tune[start..<(start + length)], keys).allSatisfy { $0 + 12 * octave == $1 } }
            }
        }
        #expect(isRun, "\(keys) is a run of none of the tunes")
        let played = try await Eartrainctl.run(["play"] + melody.map(\.spelled.description), socket: daemon.socketPath)
        #expect(played.stdout.contains("\(length)/\(length)"), "\(melody): \(played.stdout)")
        let results = try await Eartrainctl.run(["stop"], socket: daemon.socketPath)
        #expect(results.stdout.contains("results: \(length) correct, 0 errors"), "\(results.stdout)")
    }

    /// The WAV once `sounds` sounds are in it and the last has ended (a second of silence after it).
    static func heard(_ wav: String, sounds: Int) async throws -> WAVListener {
        var listener = try WAVListener(path: wav)
        _ = await Polling.wait(seconds: 60, every: .milliseconds(250)) {
            guard let read = try? WAVListener(path: wav) else { return false }
            listener = read
            let heard = read.sounds()
            guard let last = heard.last, heard.count >= sounds else { return false }
            return Double(read.samples.count) / Double(read.rate) - last.end > 1
        }
        return listener
    }
}
