import MusicTheory

/// Where a rhythm's patterns come from when a teacher gives scores (`--from`): the files and the
/// part; each pattern is the rhythm of a phrase of `bars` bars.
public struct RhythmScore: Sendable, Hashable, Codable {
    public var paths: [String] = []
    public var part: String?

    public init(paths: [String] = [], part: String? = nil) {
        self.paths = paths
        self.part = part
    }
}

extension RhythmExercise {
    /// The options' view of `score`; a score left at every default is none.
    var from: [String] {
        get { score?.paths ?? [] }
        set { editScore { $0.paths = newValue } }
    }
    var part: String? {
        get { score?.part }
        set { editScore { $0.part = newValue } }
    }

    private mutating func editScore(_ change: (inout RhythmScore) -> Void) {
        var edited = score ?? RhythmScore()
        change(&edited)
        score = edited == RhythmScore() ? nil : edited
    }

    /// Phrases of exactly the pattern's bars.
    public var scoreRequest: ScoreRequest? {
        guard let score, !score.paths.isEmpty else { return nil }
        return ScoreRequest(paths: score.paths, part: score.part, bars: bars...bars)
    }

    /// Refuses scores with no phrase whose rhythm a pattern can hold.
    public func check(_ melodies: [ScoreMelody], settings: TrainingSettings) throws(TrainingError) {
        guard melodies.contains(where: { $0.rhythm != nil }) else {
            throw TrainingError("\(from.count == 1 ? "the score gives" : "the scores give") no phrase of \(bars) \(bars == 1 ? "bar" : "bars") whose rhythm can be asked (meters 2/4, 3/4, 4/4 and 6/8; notes down to sixteenths and triplets)")
        }
    }

    /// A phrase's rhythm (not the one before, when there are others), in its own meter.
    func scorePattern(after previous: OpenRhythmQuestion?, context: inout QuestionContext) -> (pattern: RhythmPattern, source: String)? {
        var choices = context.melodies.compactMap { melody in melody.rhythm.map { (pattern: RhythmPattern(score: $0), source: melody.source) } }
        if choices.count > 1, let last = previous?.source { choices.removeAll { $0.source == last } }
        guard !choices.isEmpty else { return nil }
        return choices[Int.random(in: 0..<choices.count, using: &context.random)]
    }

    /// `rhythms of 1 bar from minuet.mxl at 80 BPM`.
    func scoreSummary(_ paths: [String]) -> String {
        "rhythms of \(bars == 1 ? "1 bar" : "\(bars) bars") from \(ScoreRequest.filesText(paths))"
            + (part.map { ", part \($0)" } ?? "") + " at \(tempo) BPM"
    }
}
