import MusicTheory

/// Where a dictation's melodies come from when a teacher gives scores (`--from`): the files, the
/// part, the bars a phrase spans, and whether a phrase keeps its key.
public struct DictationScore: Sendable, Hashable, Codable {
    public var request = ScoreRequest(paths: [])
    /// A phrase that does not fit the note range in its own key (moved by octaves) is left out,
    /// never transposed into another.
    public var keepKey = false

    public init(request: ScoreRequest = ScoreRequest(paths: []), keepKey: Bool = false) {
        self.request = request
        self.keepKey = keepKey
    }
}

extension DictationExercise {
    /// The options' view of `score`: each reads its default while no score is given, and a score
    /// left at every default is none (so a dictation without one is stored and shown as before).
    var from: [String] {
        get { score?.request.paths ?? [] }
        set { editScore { $0.request.paths = newValue } }
    }
    var part: String? {
        get { score?.request.part }
        set { editScore { $0.request.part = newValue } }
    }
    var bars: ClosedRange<Int> {
        get { score?.request.bars ?? DictationScore().request.bars }
        set { editScore { $0.request.bars = newValue } }
    }
    var keepKey: Bool {
        get { score?.keepKey ?? false }
        set { editScore { $0.keepKey = newValue } }
    }
    var library: MelodyCollection? {
        get { score?.request.library }
        set { editScore { $0.request.library = newValue } }
    }

    private mutating func editScore(_ change: (inout DictationScore) -> Void) {
        var edited = score ?? DictationScore()
        change(&edited)
        score = edited == DictationScore() ? nil : edited
    }

    /// From the middle rhythm levels on, a dictation of made melodies mixes in real ones: one
    /// question in `mixedShare`, on average, is a phrase of the library's melodies at its level.
    static let mixesFrom = 3
    static let mixedShare = 3

    /// Whether this dictation mixes phrases of the library into its made melodies.
    var mixesLibrary: Bool { score == nil && rhythm && timing.level.number >= Self.mixesFrom }

    public var scoreRequest: ScoreRequest? {
        if mixesLibrary { return ScoreRequest(paths: [], library: .all, mixed: true) }
        return from.isEmpty && library == nil ? nil : score?.request
    }

    /// The scores the session is said to come from: none for made melodies with real ones mixed in.
    var shownScores: ScoreRequest? { scoreRequest.flatMap { $0.mixed ? nil : $0 } }

    /// The melodies a question may be drawn from: with `rhythm`, those whose rhythm a pattern
    /// holds; from the library, those graded at the session's level or below; mixed into made
    /// melodies, no longer than they are.
    func usable(_ melodies: [ScoreMelody]) -> [ScoreMelody] {
        let request = scoreRequest
        return melodies.filter { melody in
            (!rhythm || melody.rhythm != nil) && (request?.library == nil || melody.grade <= timing.level.number)
                && (request?.mixed != true || melody.keys.count <= Self.lengths.upperBound)
        }
    }

    /// Refuses scores with no phrase to ask: none at all, none with a rhythm to keep (`--rhythm`),
    /// or with `keepKey`, none that fits the note range in its own key.
    /// (Real melodies mixed in are never checked: the engine goes on without them.)
    public func check(_ melodies: [ScoreMelody], settings: TrainingSettings) throws(TrainingError) {
        let files = library != nil && from.isEmpty ? "the library's melodies" : from.count == 1 ? "the score" : "the scores"
        guard !melodies.isEmpty else {
            throw TrainingError("\(files) give no phrase of \(ScoreRequest.barsText(bars)) bars with 3 notes or more")
        }
        let timed = usable(melodies)
        guard !timed.isEmpty else {
            if library != nil, melodies.contains(where: { !rhythm || $0.rhythm != nil }) {
                let easiest = melodies.map(\.grade).min() ?? 1
                throw TrainingError("the library has no phrase of \(ScoreRequest.barsText(bars)) bars at level \(timing.level.number); its easiest is level \(easiest)")
            }
            throw TrainingError("\(files) have no phrase whose rhythm can be asked (meters 2/4, 3/4, 4/4 and 6/8; notes down to sixteenths and triplets): leave out --rhythm")
        }
        let range = settings.noteRange
        guard !keepKey || timed.contains(where: { ScorePlacement(fitting: $0.keys, in: range, keepKey: true) != nil }) else {
            throw TrainingError("no phrase of \(files) fits the note range \(range.lowerBound)-\(range.upperBound) in its own key: leave out --keep-key to have them transposed")
        }
    }
}

/// Where a phrase sounds in the note range: moved by octaves, which keeps its key, the fewest
/// that fit; when none fits, by the fewest semitones that do (unless its key is to be kept).
struct ScorePlacement: Equatable {
    let semitones: Int

    init?(fitting keys: [MIDINote], in range: ClosedRange<MIDINote>, keepKey: Bool) {
        guard let low = keys.map(\.rawValue).min(), let high = keys.map(\.rawValue).max() else { return nil }
        let fits = { (shift: Int) in low + shift >= range.lowerBound.rawValue && high + shift <= range.upperBound.rawValue }
        if let octaves = (-10...10).filter({ fits($0 * 12) }).min(by: { abs($0) < abs($1) }) {
            semitones = octaves * 12
        } else if !keepKey, let shift = (-127...127).filter(fits).min(by: { abs($0) < abs($1) }) {
            semitones = shift
        } else {
            return nil
        }
    }
}
