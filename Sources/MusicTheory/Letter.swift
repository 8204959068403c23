/// The seven note letters, in diatonic order from C.
public enum Letter: Int, CaseIterable, Sendable {
    case c, d, e, f, g, a, b

    /// Semitones above C of the natural note.
    public var naturalSemitone: Int { [0, 2, 4, 5, 7, 9, 11][rawValue] }

    /// Position on the line of fifths, C = 0 (F = -1, G = 1, …, B = 5).
    public var fifths: Int { [0, 2, 4, -1, 1, 3, 5][rawValue] }

    /// The letter at a line-of-fifths position, taken modulo the seven letters.
    init(fifthsModSeven fifths: Int) {
        let index = floorMod(fifths + 1, 7) - 1  // -1…5
        self = Letter.allCases.first { $0.fifths == index }!
    }

    init?(character: Character) {
        switch character {
        case "C", "c": self = .c
        case "D", "d": self = .d
        case "E", "e": self = .e
        case "F", "f": self = .f
        case "G", "g": self = .g
        case "A", "a": self = .a
        case "B", "b": self = .b
        default: return nil
        }
    }
}

extension Letter: Hashable, Codable {}

extension Letter: CustomStringConvertible {
    public var description: String { ["C", "D", "E", "F", "G", "A", "B"][rawValue] }
}

/// Integer division rounding towards minus infinity.
@inlinable func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}

/// The remainder that matches `floorDiv`: always in `0..<b` for positive `b`.
@inlinable func floorMod(_ a: Int, _ b: Int) -> Int {
    a - floorDiv(a, b) * b
}
