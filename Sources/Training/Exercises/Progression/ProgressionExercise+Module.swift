import MusicTheory

extension ProgressionExercise: DeclaresOptions {
    public typealias Question = ProgressionQuestion

    /// `progression`.
    public static let kind = ExerciseKind(declaring: "progression")

    public static var defaults: ProgressionExercise { ProgressionExercise() }

    /// `progressions` (names, any case where it is not ambiguous) or `level` (1–3: every
    /// progression up to it); `progressions` wins when both are given.
    public func validate() throws(TrainingError) {
        guard !progressions.isEmpty else { throw TrainingError("a progression exercise needs at least one progression") }
        guard (1...20).contains(triesBeforeReveal) else { throw TrainingError("tries before reveal must be 1-20, got \(triesBeforeReveal)") }
    }

    /// `progressions I-IV-V-I ii-V-I from random tonics`.
    public var summary: String {
        "progressions \(progressions.map(\.rawValue).joined(separator: " ")) from \(root.map { "\($0)" } ?? "random tonics")"
            + (bass ? " with the bass" : "")
    }

    /// The progressions asked, and whether the bass is played too.
    public struct StatusDetails: KindDetails {
        public var progressions: [String]
        public var bass: Bool
    }
    public var statusDetails: StatusDetails { StatusDetails(progressions: progressions.map(\.rawValue), bass: bass) }
    public var statusRoot: String { root?.description ?? "random" }
    public var sessionColumns: SessionColumns { SessionColumns(root: root?.description, intervals: progressions.map(\.rawValue)) }

    public func openQuestion(after previous: (any OpenQuestion)?, context: inout QuestionContext) -> any OpenQuestion {
        let progression: Progression
        if adaptive {
            // Across sessions a progression is scheduled by its chords: the numerals are what is
            // stored (an answer is a chord), so one holding a chord that is due comes back.
            let subjects = progressions.map(AnswerSubject.progression)
            let chosen = context.chooseAdaptively(from: subjects) { subject in
                progressions[subjects.firstIndex(of: subject)!].numerals.map(AnswerSubject.numeral)
            }
            progression = progressions[subjects.firstIndex(of: chosen)!]
        } else {
            progression = progressions.randomElement(using: &context.random)!
        }
        let tonic = chooseTonic(progression.quality, previous: (previous as? OpenProgressionQuestion)?.shown.rootNote, context: &context)
        let key = Key(tonic: tonic.name, quality: progression.quality)
        // The key's degrees spelled once for all its chords (a question's prompt, `make bench-training`).
        let degrees = (try? key.degrees()) ?? []
        let chords = Self.sounded(progression.numerals, in: key, degrees: degrees, tonic: tonic)
        context.asked(.progression(progression))
        for chord in chords { context.asked(chord.subject) }
        let shown = ProgressionQuestion(key: key, root: tonic, rootNote: MIDINote(tonic.midiNumber), length: chords.count,
                                        progression: progression.rawValue)
        // The answer is timed from the last chord's start, as the question's timeline sounds it
        // (docs/audio.md); what only the sound edge knows (the voice, the wait for keys up) is not counted.
        var question = OpenProgressionQuestion(shown: shown, progression: progression, chords: chords, exercise: self)
        // The keys of the last chord answered are still down: one pressed in its window (a
        // doubled tone pressed last) is one of it, not this question's first chord.
        if let before = previous as? OpenProgressionQuestion { question.group = before.group }
        // Before it: the last progression played back (a right answer's echo, or its reveal) and the breath.
        let settings = context.settings
        let echo = (previous as? OpenProgressionQuestion).map { $0.progressionSounds.soundingTime(settings) - settings.promptGap + settings.breath }
        question.answerTime = context.time + (echo ?? .zero) + question.sounds.dropLast().soundingTime(settings)
        return question
    }

    /// `numerals` of `key` voiced around `tonic` (the key in the register its tonic chord sounds
    /// around), in four voices led as a teacher writes them (`ProgressionVoicing`).
    static func sounded(_ numerals: [RomanNumeral], in key: Key, degrees: [NoteName], tonic: SpelledNote) -> [OpenProgressionQuestion.Sounded] {
        // The degrees can always be spelled in the keys the tonics are spelled in (`KeySpelling.tonic`).
        let chords = numerals.map { numeral in
            degrees.count == 7 ? Chord(root: degrees[numeral.degree - 1], quality: numeral.quality)
                : (try? numeral.chord(in: key)) ?? Chord(root: key.tonic, quality: numeral.quality)
        }
        let voicings = ProgressionVoicing(tonic: tonic.midiNumber).voice(zip(numerals, chords).map { numeral, chord in
            ProgressionVoicing.Chord(classes: chord.pitchClasses.map(\.rawValue), bassTone: numeral.bassTone)
        })
        return zip(numerals, chords).enumerated().map { index, pair in
            let (numeral, chord) = pair
            let voicing = voicings[index].map { MIDINote($0) }
            let bassName = (try? chord.tones())?[numeral.bassTone] ?? voicing[0].spelled.name
            return OpenProgressionQuestion.Sounded(
                numeral: numeral, chord: chord, voicing: voicing, bass: spelled(voicing[0], bassName),
                pitchClassCount: Set(chord.pitchClasses).count, subject: .numeral(numeral))
        }
    }

    /// The given tonic, or a random one in `tonicRegister` (within the note range), not the last one's.
    private func chooseTonic(_ quality: Key.Quality, previous: MIDINote?, context: inout QuestionContext) -> SpelledNote {
        if let exact = root?.midiNote { return Self.spelled(exact, root?.spelling ?? KeySpelling.tonic(exact.pitchClass.rawValue, quality)) }
        let range = context.settings.noteRange
        let low = max(Self.tonicRegister.lowerBound.rawValue, range.lowerBound.rawValue - ProgressionVoicing.bassRange.lowerBound)
        let high = min(Self.tonicRegister.upperBound.rawValue, range.upperBound.rawValue - ProgressionVoicing.upperRange.upperBound)
        let register = low <= high ? Array(low...high) : Array(Self.tonicRegister.lowerBound.rawValue...Self.tonicRegister.upperBound.rawValue)
        var candidates = register.filter { key in root.map { key % 12 == $0.pitchClass.rawValue } ?? (key != previous?.rawValue) }
        if candidates.isEmpty { candidates = register }
        let key = MIDINote(candidates.randomElement(using: &context.random)!)
        return Self.spelled(key, root?.spelling ?? KeySpelling.tonic(key.pitchClass.rawValue, quality))
    }

    /// `key` spelled `name`, in the octave that sounds it (B♯3 is C4's key).
    static func spelled(_ key: MIDINote, _ name: NoteName) -> SpelledNote {
        let near = SpelledNote(name, octave: key.octave)
        return SpelledNote(name, octave: key.octave + (key.rawValue - near.midiNumber) / 12)
    }
}
