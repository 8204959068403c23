import ClientViews
import Foundation
import MusicTheory
import Testing

/// `eartrainctl listen`'s reading: the nearest note of the tuning and the cents from it.
@Suite struct TunerTests {
    static func hertz(_ note: Int, cents: Double = 0, a4: Double = 440) -> Double {
        a4 * exp2((Double(note) - 69) / 12 + cents / 1200)
    }

    static let c = try! PitchClass(parsing: "C")

    @Test("equal temperament: the nearest key and its cents, sharp or flat, from A4 as given")
    func equal() throws {
        let sharp = try #require(TunerReading(hertz: Self.hertz(57, cents: 4.2), tuning: .equalTemperament, key: Self.c, reference: .standard))
        #expect(sharp.note.rawValue == 57 && abs(sharp.cents - 4.2) < 0.001)
        let flat = try #require(TunerReading(hertz: Self.hertz(48, cents: -38), tuning: .equalTemperament, key: Self.c, reference: .standard))
        #expect(flat.note.rawValue == 48 && abs(flat.cents + 38) < 0.001 && !flat.inTune(within: 15))
        let high = try #require(TunerReading(hertz: 442, tuning: .equalTemperament, key: Self.c, reference: ReferencePitch(442)))
        #expect(high.note.rawValue == 69 && abs(high.cents) < 0.001, "442 Hz is A4 with A4 at 442")
        #expect(TunerReading(hertz: 0, tuning: .equalTemperament, key: Self.c, reference: .standard) == nil)
    }

    @Test("just intonation from the key's tonic: a pure third in tune, the tempered one 13.7 c sharp of it, in every octave")
    func just() throws {
        for octave in [-2, 0, 1] {
            let e = 64 + 12 * octave
            let pure = try #require(TunerReading(hertz: Self.hertz(e, cents: -13.686), tuning: .justIntonation, key: Self.c, reference: .standard))
            #expect(pure.note.rawValue == e && abs(pure.cents) < 0.01, "\(pure)")
            let tempered = try #require(TunerReading(hertz: Self.hertz(e), tuning: .justIntonation, key: Self.c, reference: .standard))
            #expect(abs(tempered.cents - 13.686) < 0.01, "\(tempered)")
        }
        // From D, E is a major second: 3.9 c sharp of equal's.
        let d = try PitchClass(parsing: "D")
        let second = try #require(TunerReading(hertz: Self.hertz(64, cents: 3.91), tuning: .justIntonation, key: d, reference: .standard))
        #expect(second.note.rawValue == 64 && abs(second.cents) < 0.01)
    }

    @Test("the line: the note, the cents, in tune or which way, the needle over the band, the level")
    func line() throws {
        let reading = try #require(TunerReading(hertz: Self.hertz(57, cents: 10), tuning: .equalTemperament, key: Self.c, reference: .standard))
        let text = TunerLine.text(reading, levelDB: -18.4, tolerance: 15)
        #expect(text.hasPrefix("A3    +10.0 c  in tune "), "\(text)")
        #expect(text.hasSuffix(" -18 dB"), "\(text)")
        let scale = try #require(text.split(separator: " ").first { $0.contains("|") })
        #expect(scale.count == 41 && scale.filter { $0 == "-" }.count == 11, "the band of ±15 c: \(scale)")
        #expect(Array(scale).firstIndex(of: "●") == 24, "+10 c is four cells right of the centre: \(scale)")
        let flat = try #require(TunerReading(hertz: Self.hertz(57, cents: -80), tuning: .equalTemperament, key: Self.c, reference: .standard))
        #expect(flat.note.rawValue == 56, "80 c under A3 is nearer G#3")
        let far = TunerLine.text(try #require(TunerReading(hertz: Self.hertz(57, cents: -40), tuning: .equalTemperament, key: Self.c, reference: .standard)),
                                 levelDB: nil, tolerance: 15)
        #expect(far.contains("  flat ") && far.hasSuffix("- dB"), "\(far)")
        #expect(TunerLine.text(nil, levelDB: -60, tolerance: 15).hasPrefix("-     no pitch"))
    }
}
