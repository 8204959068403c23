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

extension Exercise {
    /// Checks what the initializers check, for exercises decoded from outside input.
    func validate() throws(TrainingError) {
        switch self {
        case .scale(let exercise):
            do { _ = try exercise.root.scale(exercise.mode) } catch { throw .unspellableScale(error) }
        case .interval(let exercise):
            guard !exercise.intervals.isEmpty else { throw .noIntervals }
            guard exercise.triesBeforeReveal >= 1 else { throw .triesBeforeRevealBelowOne(exercise.triesBeforeReveal) }
        }
    }
}
