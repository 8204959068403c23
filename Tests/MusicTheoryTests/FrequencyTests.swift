import Foundation
import Testing

@testable import MusicTheory

@Suite("Frequency and reference pitch")
struct FrequencyTests {
    @Test("every MIDI note round-trips through its frequency within 0.01 cent", arguments: [415.0, 440, 442, 466])
    func roundTrip(referenceHertz: Double) throws {
        let reference = try ReferencePitch(validating: referenceHertz)
        for number in 0...127 {
            for offset in [-49.99, -25.5, -0.004, 0, 0.004, 13.686, 49.99] {
                let frequency = Frequency(midiNumber: Double(number) + offset / 100, reference: reference)
                let (note, cents) = try frequency.nearestNote(reference: reference)
                #expect(note.rawValue == number)
                #expect(abs(cents - offset) < 0.01)
            }
        }
    }

    @Test("equal-tempered frequencies agree with Glibc's pow")
    func equalTempered() {
        for number in 0...127 {
            let expected = 440 * Foundation.pow(2, Double(number - 69) / 12)
            #expect(abs(Frequency(MIDINote(number)).hertz / expected - 1) < 1e-14)
        }
        #expect(Frequency(MIDINote(69)).hertz == 440)
        #expect(Frequency(MIDINote(57), reference: ReferencePitch(442)).hertz == 221)
    }

    @Test("MusicTheory's own log2 and exp2 match Glibc to full precision")
    func realMath() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let x = Double.random(in: 1e-6...1e6, using: &generator)
            #expect(abs(MusicTheory.log2(x) - Foundation.log2(x)) <= 1e-13 * max(1, abs(Foundation.log2(x))))
            let y = Double.random(in: -40...40, using: &generator)
            #expect(abs(MusicTheory.exp2(y) / Foundation.exp2(y) - 1) < 1e-14)
        }
    }

    @Test("frequencies outside the MIDI range throw", arguments: [0.0, -1, 1, 7.9, 13_000, .infinity, .nan])
    func outOfRange(hertz: Double) {
        #expect(throws: TheoryError.self) { try Frequency(hertz: hertz).nearestNote() }
    }

    @Test("the reference pitch accepts 380...500 Hz only", arguments: [379.99, 500.01, 0, -440, .nan, .infinity])
    func referenceRange(hertz: Double) {
        #expect(throws: TheoryError.self) { try ReferencePitch(validating: hertz) }
    }

    @Test("tuned frequencies relative to a root", arguments: TuningSystem.allCases)
    func tuned(system: TuningSystem) throws {
        let root = MIDINote(57)  // A3 = 220 Hz
        #expect(abs(system.frequency(of: root, root: root).hertz - 220) < 1e-9)
        let fifth = system.frequency(of: MIDINote(64), root: root).hertz
        let expected = system == .equalTemperament ? 220 * Foundation.pow(2, 7.0 / 12) : 330
        #expect(abs(fifth - expected) < 1e-9)
        // Below the root: D3 → C3 is an octave below a minor seventh, that is a major second down.
        let below = system.centOffset(of: MIDINote(48), root: MIDINote(50))
        #expect(abs(below + system.centOffset(for: Interval.majorSecond)) < 1e-9)
    }

    @Test("spelled notes decide: in just intonation A4 and d5 above C differ")
    func spelledFrequencies() throws {
        let root = try SpelledNote(parsing: "C4")
        let fSharp = TuningSystem.justIntonation.frequency(of: try SpelledNote(parsing: "F#4"), root: root)
        let gFlat = TuningSystem.justIntonation.frequency(of: try SpelledNote(parsing: "Gb4"), root: root)
        let c4 = Frequency(MIDINote(60)).hertz
        #expect(abs(fSharp.hertz - c4 * 45 / 32) < 1e-9)
        #expect(abs(gFlat.hertz - c4 * 64 / 45) < 1e-9)
    }

    @Test("the deviation from equal temperament is what a bend must add")
    func deviation() {
        #expect(TuningSystem.equalTemperament.deviation(of: MIDINote(64), root: MIDINote(60)) == 0)
        let justThird = TuningSystem.justIntonation.deviation(of: MIDINote(64), root: MIDINote(60))
        #expect(abs(justThird - (1200 * Foundation.log2(5.0 / 4) - 400)) < 1e-9)  // −13.686 c
    }
}

@Suite("ReferencePitch parsing")
struct ReferencePitchParsingTests {
    @Test("plain decimal numbers of hertz parse", arguments: [("440", 440.0), ("442.5", 442.5), ("415", 415), ("500", 500)])
    func parses(text: String, hertz: Double) throws {
        #expect(try ReferencePitch(parsing: text).hertz == hertz)
    }

    @Test("anything else throws", arguments: ["", "abc", "440Hz", "4e2", "nan", "inf", ".5", "440.", "1.2.3", "-440", "600", "379"])
    func invalid(text: String) {
        #expect(throws: TheoryError.self) { try ReferencePitch(parsing: text) }
    }
}
