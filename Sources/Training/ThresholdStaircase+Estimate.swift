import Foundation

extension ThresholdStaircase {
    /// The best guess so far, in cents: the threshold once it is settled; before, the geometric
    /// mean of the reversals there are (the first, coarse one left out when there are more); with
    /// no reversal yet, the difference asked next (a listener right every time hears at least that).
    public var estimate: Double {
        if let threshold { return threshold }
        let turns = reversals.count > 1 ? Array(reversals.dropFirst()) : reversals
        guard !turns.isEmpty else { return difference }
        return exp(turns.map(log).reduce(0, +) / Double(turns.count))
    }

    /// Whether `threshold` is settled: enough fine reversals are averaged.
    public var settled: Bool { threshold != nil }
}

/// One staircase per subject (a register, an interval), carried from question to question: a
/// session's open questions hand it on, so the offsets asked follow each subject's answers.
public struct SubjectStaircases: Sendable, Hashable {
    /// The staircases by subject.
    public private(set) var bySubject: [AnswerSubject: ThresholdStaircase] = [:]
    /// Where a subject's staircase starts, and the range it asks within.
    public let start: Double
    public let range: ClosedRange<Double>

    /// Staircases starting at `start` cents, asking within `range`.
    public init(start: Double = 25, range: ClosedRange<Double> = 0.1...100) {
        self.start = start
        self.range = range
    }

    /// The staircase of `subject` (a fresh one the first time).
    public subscript(subject: AnswerSubject) -> ThresholdStaircase {
        get { bySubject[subject] ?? ThresholdStaircase(start: start, range: range) }
        set { bySubject[subject] = newValue }
    }
}
