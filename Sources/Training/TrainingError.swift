import MusicTheory

/// Why an exercise cannot start. Exercises come from outside (the command line, the control
/// socket, a file), so a bad one throws rather than traps.
public enum TrainingError: Error, Hashable, Sendable {
    /// The scale cannot be spelled on that root (Fbb Locrian would need Gbbb).
    case unspellableScale(TheoryError)
    /// An interval exercise with no intervals to ask.
    case noIntervals
    /// Fewer than one try before the answer is revealed.
    case triesBeforeRevealBelowOne(Int)
}

extension TrainingError: CustomStringConvertible {
    /// What went wrong and what is accepted.
    public var description: String {
        switch self {
        case .unspellableScale(let error): "the scale cannot be spelled: \(error)"
        case .noIntervals: "an interval exercise needs at least one interval"
        case .triesBeforeRevealBelowOne(let tries): "tries before the reveal must be 1 or more, not \(tries)"
        }
    }
}
