import Foundation
import ProcessTestSupport

/// music21, the tests' independent reader of scores (installed by `make deps`, scripts/deps/pip-theory.txt).
enum Music21Oracle {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `python3 ARGUMENTS`, its stdout and exit status; stderr is left to the test's log.
    static func python(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let out = Pipe.forChild()
        process.standardOutput = out
        try process.runAlone()
        let data = await out.fileHandleForReading.readAll()
        return (await process.exited(), String(decoding: data, as: UTF8.self))
    }

    /// The folder music21 is installed in.
    static func folder() async throws -> URL {
        let found = try await python(["-c", "import music21, os; print(os.path.dirname(music21.__file__))"])
        guard found.status == 0, let line = found.output.split(separator: "\n").first else {
            throw Missing(reason: "music21 is not installed (make deps installs it): \(found.output)")
        }
        return URL(fileURLWithPath: String(line))
    }

    /// The MIDI files music21 tests its own reader with: written by sequencers and notation
    /// programs, type 0 and 1.
    static func midiFiles() async throws -> [URL] {
        let folder = try await folder().appendingPathComponent("midi/testPrimitive")
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "mid" }.sorted { $0.path < $1.path }
    }

    struct Missing: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    /// What music21 read in one MIDI file (scripts/theory/midi_notes.py).
    struct MIDIReading: Decodable {
        let path: String
        let format: Int?
        let ticks: Int?
        let tracks: [[[Int]]]?
        let error: String?
    }

    static func readMIDI(_ files: [URL]) async throws -> [MIDIReading] { try await read(files, with: "midi_notes.py") }

    /// What `script` (in scripts/theory) prints for `files`: one JSON object a line.
    static func read<Reading: Decodable>(_ files: [URL], with script: String) async throws -> [Reading] {
        let path = packageRoot.appendingPathComponent("scripts/theory/\(script)").path
        let result = try await python([path] + files.map(\.path))
        guard result.status == 0 else { throw Missing(reason: "\(script) exited \(result.status): \(result.output)") }
        return try result.output.split(separator: "\n").map { try JSONDecoder().decode(Reading.self, from: Data($0.utf8)) }
    }

    /// Scores from music21's corpus, each exported by a notation program or an encoder, compressed
    /// and not: `list` names them (paths under the corpus folder).
    static func corpusFiles(_ list: [String]) async throws -> [URL] {
        let corpus = try await folder().appendingPathComponent("corpus")
        return list.map { corpus.appendingPathComponent($0) }
    }

    /// What music21 read in one MusicXML file (scripts/theory/musicxml_notes.py).
    struct MusicXMLReading: Decodable {
        struct Part: Decodable {
            let id: String
            /// [numerator, denominator, key] each.
            let notes: [[Int]]
        }
        let path: String
        let software: [String]?
        let parts: [Part]?
        let error: String?
    }

    static func readMusicXML(_ files: [URL]) async throws -> [MusicXMLReading] { try await read(files, with: "musicxml_notes.py") }
}
