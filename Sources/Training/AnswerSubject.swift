import MusicTheory

/// What one answer trains, the row it is counted under in the results: a scale degree or an interval.
public enum AnswerSubject: Sendable {
    /// A degree of a scale, 1 (the root) … 8 (the octave).
    case degree(Int)
    /// An interval of an interval exercise.
    case interval(SpelledInterval)
}

extension AnswerSubject: Hashable, Codable {
    /// Hashes numbers only: the interval's quality is a `String` enum, whose default hash hashes
    /// the string, and results are tallied on every note. Number and line-of-fifths place
    /// identify an interval, so equal subjects still hash equal.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .degree(let number):
            hasher.combine(0)
            hasher.combine(number)
        case .interval(let interval):
            hasher.combine(interval.number)
            hasher.combine(interval.fifths)
        }
    }
}

extension AnswerSubject: Comparable {
    /// Degrees in order, then intervals by size.
    public static func < (lhs: AnswerSubject, rhs: AnswerSubject) -> Bool {
        switch (lhs, rhs) {
        case (.degree(let a), .degree(let b)): a < b
        case (.interval(let a), .interval(let b)): a < b
        case (.degree, .interval): true
        case (.interval, .degree): false
        }
    }
}

extension AnswerSubject: CustomStringConvertible {
    /// `degree 3`, `m6`.
    public var description: String {
        switch self {
        case .degree(let number): "degree \(number)"
        case .interval(let interval): interval.description
        }
    }
}
