/// Which way from its root an interval is taken: up (ascending) or down (descending).
public enum IntervalDirection: String, NamedChoice {
    /// The second note lies above the root.
    case ascending
    /// The second note lies below the root.
    case descending

    /// `semitones` signed for this direction: as given upward, negated downward.
    public func signed(_ semitones: Int) -> Int {
        self == .ascending ? semitones : -semitones
    }
}

extension IntervalDirection: CustomStringConvertible {
    /// The name: `ascending`, `descending`.
    public var description: String { rawValue }
}
