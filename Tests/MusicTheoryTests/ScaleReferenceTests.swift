import Testing
@testable import MusicTheory

/// Every scale beyond the seven modes, from every root, spelled as music21 spells it
/// (ReferenceScales.swift, written by scripts/theory/reference_scales.py). Two conventions
/// differ on purpose, and the test says how:
/// - the whole-tone scale: music21 reaches the octave by letter (C … A# B#); we write the root
///   again (C … A# C), as every other scale does — the notes before the octave are the same;
/// - the chromatic scale: music21 mixes sharps and flats (C C# D Eb …); we write sharps going
///   up (C C# D D# …), the usual rule — the pitches are the same.
@Suite("Scales beyond the modes against music21")
struct ScaleReferenceTests {
    @Test("each scale from each root", arguments: ReferenceScales.table.map { "\($0.scale) \($0.root) \($0.notes)" })
    func matches(row: String) throws {
        let parts = row.split(separator: " ").map(String.init)
        let mode = try Mode(parsing: parts[0])
        let root = try NoteName(parsing: parts[1])
        let theirs = Array(parts[2...])
        let ours = try Scale(mode: mode, root: root).notes.map(\.description)
        #expect(ours.count == theirs.count, "\(ours) vs \(theirs)")
        switch mode {
        case .chromatic:
            let pitches = { (names: [String]) in try names.map { try NoteName(parsing: $0).pitchClass } }
            #expect(try pitches(ours) == pitches(theirs), "\(ours) vs \(theirs)")
        case .wholeTone:
            #expect(ours.dropLast() == theirs.dropLast(), "\(ours) vs \(theirs)")
            #expect(try NoteName(parsing: ours.last!).pitchClass == NoteName(parsing: theirs.last!).pitchClass)
        default:
            #expect(ours == theirs)
        }
    }

    @Test("step patterns: harmonic minor has its augmented second, the pentatonics their minor thirds")
    func steps() {
        #expect(Mode.harmonicMinor.stepPattern == "W-H-W-W-H-W+H-H")
        #expect(Mode.majorPentatonic.stepPattern == "W-W-W+H-W-W+H")
        #expect(Mode.blues.stepPattern == "W+H-W-H-H-W+H-W")
        #expect(Mode.chromatic.steps.count == 12)
        #expect(Mode.allCases.allSatisfy { $0.degrees.last?.semitones == 12 }, "every scale reaches its octave")
    }

    @Test("names: with hyphens, or underscores and spaces for them, any case")
    func names() throws {
        #expect(try Mode(parsing: "Harmonic_Minor") == .harmonicMinor)
        #expect(try Mode(parsing: "whole tone") == .wholeTone)
        #expect(throws: TheoryError.self) { try Mode(parsing: "bebop") }
    }
}
