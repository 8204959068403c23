import Foundation
import Scores
import Testing

/// The MIDI reader against music21's, on files neither wrote: every track's notes, struck where
/// and as loud as music21 reads them.
@Suite("MIDI files, read as music21 reads them")
struct MIDIFileOracleTests {
    @Test("music21's own test files: the same format, ticks and note-ons in every track")
    func sameAsMusic21() async throws {
        let files = try await Music21Oracle.midiFiles()
        #expect(files.count >= 20, "\(files)")
        let readings = try await Music21Oracle.readMIDI(files)
        #expect(readings.count == files.count)
        var notes = 0
        for reading in readings {
            let name = URL(fileURLWithPath: reading.path).lastPathComponent
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: reading.path)))
            guard let tracks = reading.tracks else {
                // A file music21 refuses must be refused here too, with a reason.
                #expect(throws: ScoreError.self, "\(name): music21 refused it (\(reading.error ?? "")) ") { try MIDIFile(bytes: bytes) }
                continue
            }
            let file = try MIDIFile(bytes: bytes)
            #expect(file.format == reading.format, "\(name)")
            #expect(file.ticksPerQuarter == reading.ticks, "\(name)")
            #expect(file.tracks.count == tracks.count, "\(name)")
            for (index, expected) in tracks.enumerated() where index < file.tracks.count {
                let struck = file.tracks[index].compactMap { event -> [Int]? in
                    guard case .noteOn(let channel, let key, let velocity) = event.kind else { return nil }
                    return [event.tick, channel, key, velocity]
                }
                #expect(struck == expected, "\(name), track \(index + 1)")
                // Every note-on is one note, released at or after it.
                let paired = file.notes(track: index)
                #expect(paired.count == expected.count && paired.allSatisfy { $0.length >= 0 }, "\(name), track \(index + 1)")
                notes += expected.count
            }
        }
        #expect(notes > 1000, "the files hold notes to compare: \(notes)")
    }
}
