import MusicTheory

/// A pure question waiting for its answer: one key answers it, right or wrong. The shown root's
/// key or any below it says the first version was pure; any key above it, the second.
struct OpenPureQuestion: AnsweredAtOnce {
    let shown: PureQuestion
    /// The pure version sounds first.
    let pureFirst: Bool
    /// When the second version starts to sound: the answer's time is counted from it.
    var noteTime: Duration = .zero

    var question: any ExerciseQuestion { shown }
    var subject: AnswerSubject { shown.item.subject }

    /// The keys sounded: the root and the item's tones above it.
    var keys: [MIDINote] {
        shown.item.intervals.map { MIDINote(shown.rootNote.rawValue + $0.semitones) }
    }

    /// The difference between the two versions, in cents.
    var difference: Double { shown.item.difference(against: shown.against) }

    /// The two versions, together each, in the order drawn.
    var sounds: [SoundPhrase] {
        let pure = SoundPhrase.tuned(keys, .justIntonation), other = SoundPhrase.tuned(keys, shown.against)
        return pureFirst ? [pure, other] : [other, pure]
    }

    /// The root alone.
    var staff: Staff { Staff([StaffNote(shown.root, role: .root)]) }

    /// The key that charts the right answer: the root (the first) or the key above it (the second).
    var expected: ExpectedNote {
        let key = MIDINote(shown.rootNote.rawValue + (pureFirst ? 0 : 1))
        return ExpectedNote(spelled: key.spelled, midiNote: key, exactOctaveRequired: true)
    }

    /// `the first was pure`.
    var outcome: String { "the \(pureFirst ? "first" : "second") was pure" }

    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep {
        let saysFirst = note <= shown.rootNote
        return judge(note, velocity: velocity, correct: saysFirst == pureFirst, answered: saysFirst ? "first" : "second", cents: difference,
                     context: &context)
    }

    /// Which version was pure: `pure`, `first` or `second`.
    func answerDetails(answered: String) -> PureAnswer { PureAnswer(pure: pureFirst ? "first" : "second", answered: answered) }
}

extension SoundPhrase {
    /// `keys` together, in `tuning` whatever the session's.
    static func tuned(_ keys: [MIDINote], _ tuning: TuningSystem) -> SoundPhrase {
        SoundPhrase(keys, together: true, tuning: tuning)
    }
}
