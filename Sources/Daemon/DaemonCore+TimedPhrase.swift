import Training

extension DaemonCore {
    /// Queues a prompt; one whose first phrase times the answer (a steady click) reports when it
    /// is heard, and the open question's grid starts there (`phraseHeard`).
    func playPrompt(_ phrases: [PromptPhrase], settings: TrainingSettings) {
        guard phrases.first?.timesAnswer == true else {
            sound.playPrompt(phrases, settings: settings)
            return
        }
        timedPhrase.plays += 1
        timedPhrase.sounding = true
        timedPhrase.heard = false
        let play = timedPhrase.plays
        sound.playPrompt(phrases, settings: settings) { instant in
            Task { await self.phraseHeard(at: instant, play: play) }
        }
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
