import Training

extension DaemonCore {
    /// Queues a prompt; one whose first phrase times the answer (a steady click) reports when it
    /// is heard, and the open question's grid starts there (`phraseHeard`). A `question`'s prompt
    /// (not feedback) reports when its last phrase starts and when it ends: the answer's time
    /// counts from there (`TrainingEngine.promptEnded`).
    func playPrompt(_ phrases: [PromptPhrase], settings: TrainingSettings, question: Bool = false) {
        guard question || phrases.first?.timesAnswer == true else {
            sound.playPrompt(phrases, settings: settings)
            return
        }
        var marks = PromptMarks()
        if phrases.first?.timesAnswer == true {
            timedPhrase.plays += 1
            timedPhrase.sounding = true
            timedPhrase.heard = false
            let play = timedPhrase.plays
            marks.first = { instant in Task { await self.phraseHeard(at: instant, play: play) } }
        }
        if question {
            questionPrompts += 1
            let prompt = questionPrompts
            marks.lastPhrase = { instant in Task { await self.promptHeard(lastPhraseAt: instant, prompt: prompt) } }
            marks.end = { instant in Task { await self.promptHeard(endAt: instant, prompt: prompt) } }
        }
        sound.playPrompt(phrases, settings: settings, marks: marks)
    }

    /// The question's prompt `prompt` began its last phrase, or ended, at `instant`: the engine
    /// hears of it on the core's clock, as a key's arrival is read; a later prompt's makes it stale.
    private func promptHeard(lastPhraseAt: ContinuousClock.Instant? = nil, endAt: ContinuousClock.Instant? = nil, prompt: Int) {
        guard prompt == questionPrompts else { return }
        if let lastPhraseAt { engine.promptLastPhraseHeard(at: currentTime - (ContinuousClock.now - lastPhraseAt)) }
        if let endAt { engine.promptEnded(at: currentTime - (ContinuousClock.now - endAt)) }
    }

    /// The timed prompt `play` was heard from `instant` on (the output's delay counted): on the
    /// core's clock, as a key's arrival is read, the open question hears of it; its deadline is set.
    private func phraseHeard(at instant: ContinuousClock.Instant, play: Int) {
        guard play == timedPhrase.plays, timedPhrase.sounding else { return }
        timedPhrase.heard = true
        engine.phraseHeard(at: currentTime - (ContinuousClock.now - instant))
        wakeAtDeadline()
    }

    /// The question's next event (its answer, a reveal, a repeat, its deadline, the end) ends a
    /// timed prompt still queued: the clicks not yet sounded are dropped, the student's keys play on.
    func endTimedPhrase() {
        guard timedPhrase.sounding else { return }
        timedPhrase.sounding = false
        timedPhrase.heard = true
        sound.endPrompt()
    }
}
