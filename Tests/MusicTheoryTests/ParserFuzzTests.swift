import ProcessTestSupport
import Testing

@testable import MusicTheory

/// Every parser meets garbage: it answers with a value or a thrown TheoryError, and never traps.
@Suite("Parsers meet garbage", .cpuHeavy)
struct ParserFuzzTests {
    private static let alphabet: [Character] = Array("ABCDEFGHabcdefgxmMPpd#♭♯𝄫𝄪♮/ -_0123456789.é\u{0}\u{301}") + ["\r\n"]

    @Test("100,000 seeded random strings through every parser: no crash")
    func randomStrings() {
        var random = SplitMix64(seed: 0xE4A7)
        for _ in 0..<100_000 {
            let length = Int(random.next() % 9)
            let text = String((0..<length).map { _ in Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))] })
            _ = try? MIDINote(parsing: text)
            _ = try? SpelledNote(parsing: text)
            _ = try? NoteName(parsing: text)
            _ = try? PitchClass(parsing: text)
            _ = try? RootNote(parsing: text)
            _ = try? SpelledInterval(parsing: text)
            _ = try? Mode(parsing: text)
            _ = try? TuningSystem(choosing: text)
        }
    }
}

/// A small seeded generator so the fuzz run is the same every time.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
