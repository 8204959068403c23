import Foundation
import ProcessTestSupport
import Testing

@testable import PitchTracking

/// Recorded instruments, not synthesis: FluidR3's cello, violin, flute and choir, rendered by the
/// `fluidsynth` program (Debian's fluidsynth and fluid-soundfont-gm, which scripts/install-deps.sh
/// installs; a missing one fails the test). Each reference is the note's pitch as the listening
/// benchmark's SpectralReference measured it on this render, a method that shares nothing with the
/// tracker (Benchmarks/ListenBenchmark: each partial's power centroid, over whole vibrato cycles).
@Suite(.cpuHeavy)
struct SoundFontNoteTests {
    /// Program, key, and the reference in hertz; one note every 2 s from 0.5 s, held 1.2 s.
    static let notes: [(program: UInt8, key: UInt8, name: String, reference: Double)] = [
        (42, 36, "cello C2", 65.6183),
        (42, 57, "cello A3", 219.2944),
        (40, 69, "violin A4", 440.5585),
        (73, 84, "flute C6", 1051.2394),
        (52, 60, "choir aahs C4", 259.2207),
    ]

    @Test("five recorded notes from C2 to C6 are five notes, each within 2 c of its reference")
    func recordedNotes() async throws {
        let rendered = try await SoundFontRender.render(Self.notes.enumerated().map { i, note in
            SoundFontRender.Note(program: note.program, key: note.key, start: 0.5 + 2 * Double(i), seconds: 1.2)
        })
        let tracked = try Tracked(rendered, block: 480)
        try #require(tracked.notes.count == Self.notes.count, "\(tracked.notes)")
        for (note, heard) in zip(Self.notes, tracked.notes) {
            #expect(abs(TestSignals.cents(heard.frequency, from: note.reference)) <= 2, "\(note.name)")
        }
        for (i, heard) in tracked.notes.enumerated() {
            #expect(abs(heard.onset - (0.5 + 2 * Double(i))) <= 0.15, "onset of \(Self.notes[i].name)")
        }
    }
}
