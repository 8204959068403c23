import MusicTheory

/// An ear-interval question waiting for its answer: judged as an interval question, but it
/// sounds the interval and shows only its root.
struct OpenEarIntervalQuestion: OpenQuestion {
    var inner: OpenIntervalQuestion
    let harmonic: Bool

    var question: any ExerciseQuestion {
        let asked = inner.intervalQuestion
        return EarIntervalQuestion(root: asked.root, rootNote: asked.rootNote, direction: asked.direction, harmonic: harmonic)
    }

    /// The root alone first, then the interval: both notes, one after the other or together.
    var sounds: [SoundPhrase] {
        let asked = inner.intervalQuestion
        return [SoundPhrase([asked.rootNote]), SoundPhrase([asked.rootNote, asked.answer.midiNote], together: harmonic)]
    }

    var staff: Staff { inner.staff }

    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep {
        inner.press(note, velocity: velocity, context: &context)
    }

    mutating func skip(context: inout QuestionContext) -> QuestionStep {
        inner.skip(context: &context)
    }
}
