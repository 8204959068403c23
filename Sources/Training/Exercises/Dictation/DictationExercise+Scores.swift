import MusicTheory

/// A dictation from scores (`--from`): each melody is a phrase of them, in the key its score is
/// written in, set by its cadence whenever the key changes; moved into the note range by octaves,
/// or into another key only when that is needed and allowed (`ScorePlacement`). With its rhythm,
/// the phrase keeps the score's note values and meter, at the session's tempo.
extension DictationExercise {
    /// The next question, a phrase of `usable` (the session's melodies this dictation may ask).
    func openScoreQuestion(after before: OpenDictation?, from usable: [ScoreMelody], context: inout QuestionContext) -> OpenDictation {
        let range = context.settings.noteRange
        let placed = usable.compactMap { melody in ScorePlacement(fitting: melody.keys, in: range, keepKey: keepKey).map { (melody, $0) } }
        // The note range may have narrowed since the session began: then any phrase, moved as it can be.
        var choices: [(ScoreMelody, ScorePlacement)] = placed.isEmpty
            ? usable.map { ($0, ScorePlacement(fitting: $0.keys, in: range, keepKey: false) ?? .unmoved) }
            : placed
        if choices.count > 1, let last = before?.source { choices.removeAll { $0.0.source == last } }
        let (melody, placement) = choices[Int.random(in: 0..<choices.count, using: &context.random)]

        let scoreKey = ScoreKey(fifths: melody.fifths, minor: melody.minor).transposed(by: placement.semitones)
        let keys = melody.keys.map { MIDINote(min(127, max(0, $0.rawValue + placement.semitones))) }
        let spelled = keys.map(scoreKey.spelled)
        let degrees = spelled.map(scoreKey.degree)
        // The tonic at or below the lowest note: the tuning's root, and where the cadence is built.
        let lowest = keys.map { $0.rawValue }.min()!
        let tonicKey = MIDINote(max(0, lowest - floorMod(lowest - scoreKey.tonic.pitchClass.rawValue, 12)))
        let key = MelodyKey(mode: scoreKey.mode, tonic: SpelledNote(tonicKey, spelled: scoreKey.tonic), tonicKey: tonicKey)
        let sameKey = before.map { $0.key.name == key.name && $0.inKey < Self.melodiesPerKey } ?? false

        for degree in degrees { context.asked(.degree(degree)) }
        let rhythm = self.rhythm ? melody.rhythm.map { MelodyRhythm(score: $0, timing: timing) } : nil
        if let rhythm { context.asked(rhythm.subject) }
        let notes = zip(spelled, keys).map { ExpectedNote(spelled: $0, midiNote: $1, exactOctaveRequired: exactOctave) }
        let shown = DictationQuestion(key: key.name, root: spelled[0], rootNote: keys[0], tonic: tonicKey, length: keys.count, time: rhythm?.shown)
        let keySounds = key.context(range: range)
        let keyContext = sameKey ? [] : keySounds
        return OpenDictation(shown: shown, notes: notes, degrees: degrees, exercise: self, key: key, inKey: sameKey ? before!.inKey + 1 : 1,
                             keyContext: keyContext, keySounds: keySounds, rhythm: rhythm,
                             promptTime: context.time + keyContext.soundingTime(context.settings), source: melody.source)
    }

    /// `phrases of 1-2 bars from minuet.mxl and 2 more`, `…, with their rhythm at 80 BPM`; `phrases
    /// of 2 bars from the folk library, level 3`.
    func scoreSummary(_ request: ScoreRequest) -> String {
        let library = request.library.map { ["\($0 == .own ? "your own scores" : "the \($0 == .all ? "whole" : $0.rawValue) library"), level \(timing.level.number)"] }
        return "phrases of \(ScoreRequest.barsText(request.bars)) bars from \(ScoreRequest.filesText(request.paths, more: library ?? []))" + (request.part.map { ", part \($0)" } ?? "")
            + (rhythm ? ", with their rhythm at \(timing.tempo) BPM" : "") + (keepKey ? ", in their own keys" : "")
    }
}

extension ScorePlacement {
    /// Where it was written.
    static let unmoved = ScorePlacement(semitones: 0)

    private init(semitones: Int) { self.semitones = semitones }
}

extension MelodyRhythm {
    /// A score's phrase's rhythm, in the score's meter at the session's tempo.
    init(score: ScoreMelody.Rhythm, timing: RhythmTiming) {
        var timing = timing
        timing.meter = score.meter
        self.init(pattern: RhythmPattern(score: score), timing: timing)
    }
}
