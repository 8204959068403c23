import MusicTheory

/// A progression waiting to be played back: chord by chord from the first, each a `ChordGroup`
/// judged as the `chord` kind judges one (any voicing; with `bass`, the lowest key its bass). A
/// right chord moves on to the next; a wrong one is tried again, and after the wrong tries
/// allowed the rest is revealed.
struct OpenProgressionQuestion: RevealedOnce, AnsweredByKeyGroups {
    /// One chord of the progression, as sounded.
    struct Sounded: Sendable, Hashable {
        let numeral: RomanNumeral
        let chord: Chord
        /// Four voices, the bass first (`ProgressionVoicing`).
        let voicing: [MIDINote]
        /// The bass as written (the staff shows the bass line as it is played back).
        let bass: SpelledNote
        /// The chord's pitch classes: an answer with as many is complete.
        let pitchClassCount: Int
        let subject: AnswerSubject
    }

    let shown: ProgressionQuestion
    let progression: Progression
    let chords: [Sounded]
    let exercise: ProgressionExercise
    /// When the last chord starts to sound: the first chord's answer time counts from here.
    var answerTime: Duration = .zero
    /// The chord expected next.
    var index = 0
    var group = ChordGroup()
    /// Wrong chords in the question (the reveal counts these) and at the chord expected.
    var wrongTries = 0
    var wrongAtChord = 0
    /// When the chord expected became expected.
    var expectedSince: Duration?

    var question: any ExerciseQuestion { shown }
    var subject: AnswerSubject { chords[index].subject }

    /// The key's tonic chord, broken and together, then the chords, each together.
    var sounds: [SoundPhrase] { SoundPhrase.tonicChord(of: shown.key, tonic: shown.root) + progressionSounds }
    var progressionSounds: [SoundPhrase] { chords.map { SoundPhrase($0.voicing, together: true) } }
    /// The tonic chord alone, or the chords alone.
    var keySounds: [SoundPhrase] { SoundPhrase.tonicChord(of: shown.key, tonic: shown.root) }
    var noteSounds: [SoundPhrase] { progressionSounds }
    /// The tonic alone.
    var staff: Staff { Staff([StaffNote(shown.root, role: .root)]) }

    /// With the bass asked, a chord is judged when its keys come up: a bass pressed a moment after
    /// the upper keys still counts.
    var completingPitchClasses: Int? { exercise.bass ? nil : chords[index].pitchClassCount }

    /// True when `played` answers `expected`: its chord in any voicing, and its bass lowest when asked.
    static func answers(_ played: [MIDINote], _ expected: Sounded, bass: Bool) -> Bool {
        guard expected.chord.matchesLoosely(played) else { return false }
        return !bass || played.min()?.pitchClass == expected.bass.name.pitchClass
    }

    mutating func judge(_ played: [MIDINote], velocity: Int, context: inout QuestionContext) -> QuestionStep {
        let expected = chords[index]
        let correct = Self.answers(played, expected, bass: exercise.bass)
        let responseTime = context.responseTime(expectedSince: expectedSince, since: answerTime)
        let attempt = wrongAtChord + 1
        if index == 0 && attempt == 1 { context.firstNote(after: responseTime) }
        var heardAs: String?
        if correct {
            context.right(expected.subject, firstTry: attempt == 1, responseTime: responseTime)
            index += 1
            wrongAtChord = 0
            expectedSince = context.time
        } else {
            let heard = Chord.heard(played, root: expected.chord.root.pitchClass)
            let inKey = inTheKey(played)
            let name = inKey?.name ?? heard.name
            let bassWrong = exercise.bass && expected.chord.matchesLoosely(played)
            heardAs = bassWrong ? "\(name) over \(played.min()!.pitchClass.preferredName)" : name
            context.wrong(expected.subject, heardAs: inKey?.numeral ?? heard.counted)
            wrongTries += 1
            wrongAtChord += 1
        }
        // The basses played right so far (a wrong chord keeps them: it is tried again).
        let shownStaff = Staff([StaffNote(shown.root, role: .root)] + chords[..<index].map { StaffNote($0.bass, role: .answer) })
        let finished = correct && index == chords.count
        let sincePrompt = context.responseTime(since: answerTime)
        if finished {
            context.finishedQuestion()
            context.recordAdaptive(.progression(progression), missed: wrongTries > 0, responseTime: sincePrompt)
            context.wholeQuestion(.progression(progression), errors: wrongTries, revealed: false, responseTime: sincePrompt)
        }
        let judgement = NoteJudgement(
            expected: ExpectedNote(spelled: expected.bass, midiNote: expected.voicing[0], exactOctaveRequired: false),
            played: played.min() ?? expected.voicing[0], velocity: velocity, correct: correct, subject: expected.subject,
            attempt: attempt, responseTime: responseTime, sincePrompt: sincePrompt, staff: shownStaff,
            sounds: finished ? progressionSounds : [], keys: played.sorted(), heardAs: heardAs)
        if finished { return QuestionStep([.noteJudged(judgement)], finished: true) }
        guard !correct, wrongTries >= exercise.triesBeforeReveal else { return QuestionStep([.noteJudged(judgement)]) }
        return QuestionStep([.noteJudged(judgement), reveal(.tooManyWrongTries, context: &context)], finished: true)
    }

    /// What the keys made, where the chord is on a degree of the key: as a numeral for the
    /// results' confusions (`ii`; with `bass`, its inversion too: `V6`), and named as the key
    /// spells it (`C# major` in F♯ major); else nil.
    private func inTheKey(_ played: [MIDINote]) -> (numeral: String, name: String)? {
        guard let recognized = Chord.recognize(played).first, let lowest = played.min(), let degrees = try? shown.key.degrees(),
              let degree = degrees.firstIndex(where: { $0.pitchClass == recognized.root }) else { return nil }
        let semitones = recognized.quality.semitones
        let inversion = exercise.bass
            ? semitones.firstIndex { (recognized.root.rawValue + $0) % 12 == lowest.pitchClass.rawValue } ?? 0 : 0
        return (RomanNumeral(degree + 1, recognized.quality, inversion: inversion).name, Chord(root: degrees[degree], quality: recognized.quality).name)
    }

    /// The chords not yet played, each its bass (the answers), the progression sounded again.
    func reveal(_ reason: AnswerRevealed.Reason, context: inout QuestionContext) -> TrainingEvent.Kind {
        // Counted under the chord it stopped at, and the progression as revealed.
        context.revealed(chords[index].subject, skipped: reason == .skipped)
        context.recordAdaptive(.progression(progression), missed: true, responseTime: nil)
        context.wholeQuestion(.progression(progression), errors: wrongTries, revealed: true, responseTime: .zero)
        if reason == .tooManyWrongTries { context.finishedQuestion() }
        let answers = chords.map { ExpectedNote(spelled: $0.bass, midiNote: $0.voicing[0], exactOctaveRequired: false) }
        return .answerRevealed(AnswerRevealed(
            answers: answers, subjects: [.progression(progression)], reason: reason, sounds: progressionSounds,
            staff: Staff([StaffNote(shown.root, role: .root)] + chords.enumerated().map { offset, chord in
                StaffNote(chord.bass, role: offset < index ? .answer : .revealed)
            })))
    }
}
