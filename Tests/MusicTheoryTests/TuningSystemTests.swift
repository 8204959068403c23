import Foundation
import Testing

@testable import MusicTheory

/// Ratios from the textbooks, one per interval: the symmetric 5-limit just scale and Pythagorean
/// tuning. Cents are computed here with Glibc's log2, not with MusicTheory's own.
let justRatios: [(String, Double)] = [
    ("P1", 1), ("m2", 16.0 / 15), ("M2", 9.0 / 8), ("m3", 6.0 / 5), ("M3", 5.0 / 4), ("P4", 4.0 / 3),
    ("A4", 45.0 / 32), ("d5", 64.0 / 45), ("P5", 3.0 / 2), ("m6", 8.0 / 5), ("M6", 5.0 / 3), ("m7", 16.0 / 9),
    ("M7", 15.0 / 8), ("P8", 2), ("m9", 32.0 / 15), ("M9", 9.0 / 4), ("P11", 8.0 / 3), ("A11", 45.0 / 16),
    ("m13", 16.0 / 5), ("M13", 10.0 / 3),
]
let pythagoreanRatios: [(String, Double)] = [
    ("P1", 1), ("m2", 256.0 / 243), ("M2", 9.0 / 8), ("m3", 32.0 / 27), ("M3", 81.0 / 64), ("P4", 4.0 / 3),
    ("A4", 729.0 / 512), ("d5", 1024.0 / 729), ("P5", 3.0 / 2), ("m6", 128.0 / 81), ("M6", 27.0 / 16),
    ("m7", 16.0 / 9), ("M7", 243.0 / 128), ("P8", 2), ("m9", 512.0 / 243), ("M9", 9.0 / 4), ("P11", 8.0 / 3),
    ("A11", 729.0 / 256), ("m13", 256.0 / 81), ("M13", 27.0 / 8),
]

@Suite("TuningSystem")
struct TuningSystemTests {
    @Test("equal temperament: 100 cents a semitone, every interval", arguments: intervalSizes)
    func equal(entry: (name: String, semitones: Int, long: String)) throws {
        let interval = try SpelledInterval(parsing: entry.name)
        #expect(TuningSystem.equalTemperament.centOffset(for: interval) == Double(entry.semitones) * 100)
        #expect(TuningSystem.equalTemperament.ratio(for: interval) == nil)
    }

    @Test("just intonation (5-limit) and Pythagorean (3-limit): the textbook ratios", arguments:
        justRatios.map { (TuningSystem.justIntonation, $0.0, $0.1) } + pythagoreanRatios.map { (.pythagorean, $0.0, $0.1) })
    func ratios(system: TuningSystem, name: String, ratio expected: Double) throws {
        let interval = try SpelledInterval(parsing: name)
        #expect(abs(system.centOffset(for: interval) - 1200 * Foundation.log2(expected)) < 1e-9)
        let ratio = try #require(system.ratio(for: interval))
        #expect(abs(Double(ratio.numerator) / Double(ratio.denominator) - expected) < 1e-12)
    }

    @Test("the simple intervals use their standard spelling (the tritone is A4)")
    func simpleIntervals() throws {
        #expect(TuningSystem.equalTemperament.centOffset(for: Interval.perfectFifth) == 700)
        #expect(TuningSystem.equalTemperament.centOffset(for: Interval.prime) == 0)
        #expect(TuningSystem.equalTemperament.centOffset(for: Interval.octave) == 1200)
        for system in TuningSystem.allCases {
            #expect(system.centOffset(for: Interval.tritone) == system.centOffset(for: try SpelledInterval(parsing: "A4")))
        }
    }

    @Test("in every system an interval and its inversion fill an octave")
    func inversions() throws {
        let pairs = [("m2", "M7"), ("M2", "m7"), ("m3", "M6"), ("M3", "m6"), ("P4", "P5"), ("A4", "d5")]
        for system in TuningSystem.allCases {
            for (a, b) in pairs {
                let sum = system.centOffset(for: try SpelledInterval(parsing: a))
                    + system.centOffset(for: try SpelledInterval(parsing: b))
                #expect(abs(sum - 1200) < 1e-9)
            }
        }
    }

    @Test("names parse with their aliases and unknown ones list the accepted", arguments: [
        ("equal", TuningSystem.equalTemperament), ("ET", .equalTemperament), ("12-TET", .equalTemperament),
        ("just", .justIntonation), ("JI", .justIntonation), ("just-intonation", .justIntonation),
        ("Pythagorean", .pythagorean),
    ])
    func names(text: String, system: TuningSystem) throws {
        #expect(try TuningSystem(choosing: text) == system)
    }

    @Test("an unknown system throws with the accepted names")
    func unknown() {
        #expect(throws: UnknownName("meantone", accepted: ["equal", "just", "pythagorean"])) {
            try TuningSystem(choosing: "meantone")
        }
    }

    @Test("Codable round trip")
    func codable() throws {
        let data = try JSONEncoder().encode(TuningSystem.allCases)
        #expect(String(decoding: data, as: UTF8.self) == #"["equal","just","pythagorean"]"#)
        #expect(try JSONDecoder().decode([TuningSystem].self, from: data) == TuningSystem.allCases)
    }
}
