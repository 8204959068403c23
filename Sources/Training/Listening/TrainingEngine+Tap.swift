import MusicTheory

/// Onsets without pitch the listening input heard (a clap, a tap on the microphone): the answer
/// to a question of onsets alone (a rhythm), each one its key pressed.
extension TrainingEngine {
    /// Whether the open question takes claps (`OpenQuestion.tappedKey`).
    public var takesTaps: Bool { session?.open?.tappedKey != nil }

    /// A clap at `time` on the engine's clock: for a question a clap answers
    /// (`OpenQuestion.tappedKey`), its key pressed then, the judgements it makes from `listen`.
    /// False, and nothing done, when no such question is open.
    @discardableResult
    public func tap(at time: Duration) -> Bool {
        guard let key = session?.open?.tappedKey else { return false }
        answer(at: time, tapped: true) { open, context in open.press(key, velocity: Self.heardVelocity, context: &context) }
        return true
    }

    /// A judgement a clap made, from the listening input (with no cents: a clap has no pitch);
    /// every other event as it was.
    static func clapped(_ event: TrainingEvent.Kind) -> TrainingEvent.Kind {
        guard case .noteJudged(var judgement) = event else { return event }
        judgement.source = .listen
        return .noteJudged(judgement)
    }
}
