/// The quality of a spelled interval.
public enum IntervalQuality: String, CaseIterable, Sendable {
    case diminished = "d"
    case minor = "m"
    case perfect = "P"
    case major = "M"
    case augmented = "A"

    /// The long name, as in "minor third".
    public var name: String {
        switch self {
        case .diminished: "diminished"
        case .minor: "minor"
        case .perfect: "perfect"
        case .major: "major"
        case .augmented: "augmented"
        }
    }

    /// Line-of-fifths shift from the perfect or major interval of the same number.
    func fifthsShift(perfectClass: Bool) -> Int? {
        switch (self, perfectClass) {
        case (.perfect, true), (.major, false): 0
        case (.augmented, _): 7
        case (.minor, false): -7
        case (.diminished, true): -7
        case (.diminished, false): -14
        case (.minor, true), (.perfect, false), (.major, true): nil
        }
    }
}

extension IntervalQuality: Hashable, Codable {}

extension IntervalQuality: CustomStringConvertible {
    public var description: String { rawValue }
}
