import Foundation
import Scores
import ProcessTestSupport
import Testing

/// A file that is not a good MIDI file is refused with a sentence that names its fault, and no
/// byte of it can stop the reader.
@Suite("MIDI files that are not good ones", .cpuHeavy)
struct MIDIFileBadInputTests {
    /// A type-1 file of `tracks`, each given as its events' bytes (delta times included).
    static func file(format: Int = 1, ticks: Int = 480, _ tracks: [[UInt8]]) -> [UInt8] {
        func be(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).reversed().map { UInt8((value >> (8 * $0)) & 0xFF) } }
        var bytes = Array("MThd".utf8) + be(6, 4) + be(format, 2) + be(tracks.count, 2) + be(ticks, 2)
        for track in tracks { bytes += Array("MTrk".utf8) + be(track.count, 4) + track }
        return bytes
    }

    /// C4 then E4, a quarter each, the second by running status; then the end of the track.
    static let twoNotes: [UInt8] = [0x00, 0x90, 60, 80, 0x83, 0x60, 0x80, 60, 0, 0x00, 0x90, 64, 70, 0x83, 0x60, 64, 0, 0x00, 0xFF, 0x2F, 0x00]

    static func reason(_ bytes: [UInt8]) -> String? {
        do { _ = try MIDIFile(bytes: bytes); return nil } catch { return error.reason }
    }

    @Test("a good file: two notes, the second by running status and released by a note-on at velocity 0")
    func good() throws {
        let file = try MIDIFile(bytes: Self.file([Self.twoNotes]))
        #expect(file.format == 1 && file.ticksPerQuarter == 480)
        #expect(file.notes(track: 0) == [
            MIDIFile.Note(key: 60, channel: 0, velocity: 80, start: 0, length: 480),
            MIDIFile.Note(key: 64, channel: 0, velocity: 70, start: 480, length: 480),
        ])
    }

    @Test("not a MIDI file, an empty one, text, a MusicXML file given as MIDI")
    func notMIDI() {
        for bytes in [[], Array("hello".utf8), Array("<?xml version=\"1.0\"?><score-partwise/>".utf8)] {
            #expect(Self.reason(bytes)?.contains("not a MIDI file") == true, "\(bytes.count) bytes")
        }
    }

    @Test("every cut of a good file is refused as truncated, never read as a shorter score")
    func truncated() {
        let whole = Self.file([Self.twoNotes, Self.twoNotes])
        for length in 0..<whole.count {
            let reason = Self.reason(Array(whole.prefix(length)))
            #expect(reason != nil, "cut at \(length) of \(whole.count) bytes was read")
            if length >= 4 { #expect(reason?.contains("truncated") == true, "cut at \(length): \(reason ?? "")") }
        }
        #expect(Self.reason(whole) == nil)
    }

    @Test("a file larger than a score may be (50 MB) is refused by its size")
    func tooLarge() {
        var bytes = Self.file([Self.twoNotes])
        bytes += [UInt8](repeating: 0, count: 50 * 1_048_576)
        #expect(Self.reason(bytes) == "the file is 50 MB; a score may be at most 8 MB")
    }

    @Test("faults inside a track name their track and byte", arguments: [
        ([0x00, 0x40, 60, 80], "track 1 has a data byte (64) where an event must begin, at byte 23"),
        ([0x00, 0x90, 60, 0x90], "track 1 has a status byte where data must be, at byte 25"),
        ([0xFF, 0xFF, 0xFF, 0xFF, 0x7F], "track 1's delta time at byte 22 is longer than the four bytes a MIDI number may take"),
        ([0x00, 0xF1, 0x00], "track 1 has a system message (241) a MIDI file may not hold, at byte 23"),
        ([0x00, 0xFF, 0x03, 0x10, 0x41], "truncated: track 1's meta event needs 16 bytes at byte 26, 1 remain"),
    ] as [([UInt8], String)])
    func faults(_ track: [UInt8], _ expected: String) {
        #expect(Self.reason(Self.file([track])) == expected)
    }

    @Test("a header with a format, a division or a track count that cannot be")
    func badHeaders() {
        #expect(Self.reason(Self.file(format: 3, [Self.twoNotes])) == "MIDI format 3 is unknown (0, 1 and 2 exist)")
        #expect(Self.reason(Self.file(ticks: 0, [Self.twoNotes])) == "the header gives 0 ticks a quarter note")
        var announced = Self.file([Self.twoNotes])
        announced[11] = 3
        #expect(Self.reason(announced) == "truncated: the header announces 3 tracks, the file holds 1")
    }

    @Test("a file with no notes reads as tracks without notes; percussion keeps its channel")
    func noNotes() throws {
        let empty = try MIDIFile(bytes: Self.file([[0x00, 0xFF, 0x2F, 0x00]]))
        #expect(empty.notes(track: 0).isEmpty)
        let drums = try MIDIFile(bytes: Self.file([[0x00, 0x99, 36, 100, 0x60, 0x89, 36, 0]]))
        #expect(drums.notes(track: 0).map(\.channel) == [9])
    }

    @Test("20,000 random changes to a good file: each is read or refused, none stops the reader")
    func mutations() {
        var random = SystemRandomNumberGenerator()
        let whole = Self.file([Self.twoNotes, Self.twoNotes, Self.twoNotes])
        var refused = 0
        for _ in 0..<20_000 {
            var bytes = whole
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if Self.reason(bytes) != nil { refused += 1 }
        }
        #expect(refused > 0)
    }
}
