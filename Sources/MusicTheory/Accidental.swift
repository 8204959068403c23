/// An accidental from double flat to double sharp; its raw value is the alteration in semitones.
public enum Accidental: Int, CaseIterable, Sendable {
    case doubleFlat = -2
    case flat = -1
    case natural = 0
    case sharp = 1
    case doubleSharp = 2

    /// The accidental for an alteration, if it is within double flat … double sharp.
    public init?(alteration: Int) {
        self.init(rawValue: alteration)
    }

    public var alteration: Int { rawValue }

    /// The ASCII spelling used in note names: `bb`, `b`, ``, `#`, `##`.
    public var symbol: String {
        switch self {
        case .doubleFlat: "bb"
        case .flat: "b"
        case .natural: ""
        case .sharp: "#"
        case .doubleSharp: "##"
        }
    }

    /// Reads the accidental at the start of `text`, returning it and the rest.
    /// Accepts ASCII (`b`, `#`, `x` for double sharp) and the Unicode signs ♭ ♯ ♮ 𝄫 𝄪.
    static func parsePrefix(_ text: Substring) -> (Accidental, Substring)? {
        var alteration = 0
        var rest = text
        while let c = rest.first {
            switch c {
            case "b", "♭": alteration -= 1
            case "#", "♯": alteration += 1
            case "𝄫": alteration -= 2
            case "𝄪", "x": alteration += 2
            case "♮": break
            default:
                return Accidental(alteration: alteration).map { ($0, rest) }
            }
            rest = rest.dropFirst()
            if abs(alteration) > 2 { return nil }
        }
        return Accidental(alteration: alteration).map { ($0, rest) }
    }
}

extension Accidental: Hashable, Codable {}

extension Accidental: CustomStringConvertible {
    public var description: String { symbol }
}
