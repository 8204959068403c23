import MusicTheory

/// Notes the listening input heard: each is judged as the key nearest to it would be, then its
/// judgement says it was heard and how far it was from the note in tune, in the session's tuning.
extension TrainingEngine {
    /// A sung or bowed note, judged when the open question is answered by voice
    /// (`ExerciseQuestion.answeredByVoice`): as its nearest key, never as a control. A note
    /// beyond the keys' range, or with no session running, is no answer.
    public func hear(_ note: HeardNote) {
        guard let session, let open = session.open, open.question.answeredByVoice,
              let key = note.nearestKey(reference: session.settings.referencePitch) else { return }
        answer(at: note.time, heard: note) { open, context in open.press(key, velocity: Self.heardVelocity, context: &context) }
    }

    /// The velocity a heard note is handed on with: a middling touch.
    static let heardVelocity = 64

    /// A judgement the heard note made, with its source and, unless the kind measured the cents
    /// itself (`match`), how far it was from the note in tune; every other event as it was.
    func sung(_ event: TrainingEvent.Kind, _ note: HeardNote, question: any ExerciseQuestion) -> TrainingEvent.Kind {
        guard case .noteJudged(var judgement) = event else { return event }
        judgement.source = .listen
        guard judgement.cents == nil else { return .noteJudged(judgement) }  // measured by the kind
        let settings = session?.settings ?? settingsSource.current
        let target = Self.inTune(judgement, question: question, settings: settings)
        let octaveFree = !judgement.expected.exactOctaveRequired
        let cents = (note.cents(from: target, octaveFree: octaveFree) * 10).rounded() / 10
        judgement.sung = SungPitch(cents: cents, inTune: judgement.correct && abs(cents) <= settings.listenToleranceCents)
        // Measured again, whole, once the note ends (`measure`).
        session?.sungAwaitingEnd = SungAwaitingEnd(
            time: note.time, target: target, octaveFree: octaveFree, correct: judgement.correct, played: judgement.played,
            subject: judgement.subject, judgedCents: cents)
        return .noteJudged(judgement)
    }

    /// Where the note sung should have been, in the session's tuning from the question's root:
    /// the expected note as spelled when it was right (a just major third's spelling decides),
    /// else the key it was nearest to. Equal tempered from the reference with no root.
    static func inTune(_ judgement: NoteJudgement, question: any ExerciseQuestion, settings: TrainingSettings) -> Frequency {
        let tuning = settings.tuningSystem, reference = settings.referencePitch
        let root = question.root
        let spelledRootSounds = question.tuningRoot.map { $0.rawValue == root.midiNumber } ?? false
        if judgement.correct, spelledRootSounds {
            return tuning.frequency(of: judgement.expected.spelled, root: root, reference: reference)
        }
        let key = judgement.correct ? judgement.expected.midiNote : judgement.played
        guard let tuningRoot = question.tuningRoot else { return Frequency(key, reference: reference) }
        return tuning.frequency(of: key, root: tuningRoot, reference: reference)
    }
}
