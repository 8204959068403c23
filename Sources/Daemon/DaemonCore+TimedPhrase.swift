import Training

extension DaemonCore {
    /// What the core hears of the prompts it queues, each on its turn on the actor: a timed
    /// prompt heard (a steady click's grid starts there), a question's last phrase and its end
    /// (the answer's time counts from there).
    var promptReports: QuestionSound.Reports {
        QuestionSound.Reports(
            timedHeard: { instant, play in Task { await self.phraseHeard(at: instant, play: play) } },
            lastPhraseHeard: { instant, prompt in Task { await self.promptHeard(lastPhraseAt: instant, prompt: prompt) } },
            ended: { instant, prompt in Task { await self.promptHeard(endAt: instant, prompt: prompt) } })
    }

    /// The question's prompt `prompt` began its last phrase, or ended, at `instant`: the engine
    /// hears of it on the core's clock, as a key's arrival is read; a later prompt's makes it stale.
    private func promptHeard(lastPhraseAt: ContinuousClock.Instant? = nil, endAt: ContinuousClock.Instant? = nil, prompt: Int) {
        guard questionSound.isLatest(prompt: prompt) else { return }
        if let lastPhraseAt { engine.promptLastPhraseHeard(at: currentTime - (ContinuousClock.now - lastPhraseAt)) }
        if let endAt { engine.promptEnded(at: currentTime - (ContinuousClock.now - endAt)) }
    }

    /// The timed prompt `play` was heard from `instant` on (the output's delay counted): on the
    /// core's clock, as a key's arrival is read, the open question hears of it; its deadline is set.
    private func phraseHeard(at instant: ContinuousClock.Instant, play: Int) {
        guard questionSound.heard(timed: play) else { return }
        engine.phraseHeard(at: currentTime - (ContinuousClock.now - instant))
        wakeAtDeadline()
    }
}
