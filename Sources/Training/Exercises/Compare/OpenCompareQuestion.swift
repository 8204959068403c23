import MusicTheory

/// A compare question waiting for its answer: one key above or below the reference answers it,
/// right or wrong, and the subject's staircase takes the answer. A key on the reference itself
/// is no answer: nothing is judged.
struct OpenCompareQuestion: AnsweredAtOnce {
    let shown: CompareQuestion
    /// The offset asked, in cents (positive): the staircase's difference for the subject.
    let asked: Double
    /// The second note is sharp (true) or flat.
    let sharp: Bool
    let subject: AnswerSubject
    /// Every subject's staircase, this question's not yet answered: the next question takes them.
    var staircases: SubjectStaircases
    /// When the second note starts to sound: the answer's time is counted from it.
    var noteTime: Duration = .zero

    var question: any ExerciseQuestion { shown }

    /// The offset asked, signed: sharp positive.
    var cents: Double { sharp ? asked : -asked }

    /// The note compared with the reference: the reference again, or the interval's upper note.
    var second: MIDINote {
        guard let interval = shown.interval, let upper = try? shown.root.transposed(by: interval) else { return shown.rootNote }
        return MIDINote(upper.midiNumber)
    }

    /// The reference, then the second note off by the offset.
    var sounds: [SoundPhrase] {
        [SoundPhrase([shown.rootNote]), SoundPhrase.detuned(second, by: cents)]
    }

    /// The reference alone.
    var staff: Staff { Staff([StaffNote(shown.root, role: .root)]) }

    /// The key next to the reference on the right answer's side: what the statistics store as
    /// expected (any key on that side answers).
    var expected: ExpectedNote {
        let key = MIDINote(shown.rootNote.rawValue + (sharp ? 1 : -1))
        return ExpectedNote(spelled: key.spelled, midiNote: key, exactOctaveRequired: true)
    }

    /// `higher` or `lower`: the answer, in words.
    var outcome: String { sharp ? "higher" : "lower" }

    /// Judged at once; the subject's staircase takes the answer (a skip does not move it).
    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep {
        guard note != shown.rootNote else { return QuestionStep() }  // the reference itself: no answer
        let correct = (note > shown.rootNote) == sharp
        staircases[subject].answer(correct: correct)
        context.measured(SessionThreshold(subject: subject, staircase: staircases[subject]))
        return judge(note, velocity: velocity, correct: correct, answered: note > shown.rootNote ? "higher" : "lower", cents: asked,
                     context: &context)
    }

    /// The second note's offset, signed (sharp positive): `second_cents`.
    func answerDetails(answered: String) -> CompareAnswer { CompareAnswer(secondCents: cents, answered: answered) }
}

extension SoundPhrase {
    /// `note` alone, `cents` off its tuned pitch.
    static func detuned(_ note: MIDINote, by cents: Double) -> SoundPhrase {
        SoundPhrase([note], cents: [cents])
    }
}
