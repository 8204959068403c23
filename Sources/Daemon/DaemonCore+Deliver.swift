import MusicTheory
import Training

extension DaemonCore {
    /// How long feedback waits for the student's keys to come up before it sounds anyway.
    public static let feedbackWait = Duration.milliseconds(1500)

    /// Hands each new event to the sound and the followers, in order, building the question's
    /// timeline (docs/audio.md, "The question's timeline"): a new session, a stop, a skip and a
    /// repeat first silence what is queued; feedback (an echo, a revealed answer, a model answer)
    /// waits for the student's keys to come up; a breath comes before each next question; a
    /// prompt's instruction is queued before its notes (the voice follows the event, then its
    /// notes are queued), feedback words are said at once and what was heard after the echo.
    func deliver() {
        var silenced = false
        func silenceOnce() {
            guard !silenced else { return }
            sound.silence()
            silenced = true
        }
        let reports = promptReports
        for event in collector.drain() {
            let root = tracker.currentRoot  // the question the event concerns (a prompt brings its own)
            tracker.apply(event, at: clock.now)
            if case .noteMeasured = event.kind {  // a sung note measured whole: told, and nothing sounds or ends
                fanOut.report(event) { sessionProfile ?? storage().profile }
                continue
            }
            var afterFollowers: [PromptPhrase] = []
            var heldNote: (frequency: Frequency, offset: Double)?
            // Whatever comes next (the answer, a reveal, a repeat, the end) ends a held note and a steady click.
            held.release(sound: sound)
            questionSound.endTimed()
            switch event.kind {
            case .sessionStarted, .sessionEnded:
                silenceOnce()
                sessionChanges += 1
            case .prompt(let prompt):
                if prompt.isRepeat { silenceOnce() } else if prompt.number > 1 { sound.pause(prompt.settings.breath) }
                questionSound.opened(prompt)
                if let root = tracker.currentRoot {
                    afterFollowers = questionSound.phrases(prompt.sounds, root: root)
                    // With a listening input the student sings or bows the held note: the daemon
                    // holds none (it would be heard as its own sound throughout).
                    heldNote = listening.status != nil && prompt.question.shown.answeredByVoice ? nil
                        : prompt.held.map { (Self.frequency(of: $0, root: root, settings: prompt.settings), $0.cents) }
                }
            case .noteJudged(let judgement):
                feedback(judgement.sounds, root: root, reports: reports)
            case .answerRevealed(let revealed):
                if revealed.reason == .skipped { silenceOnce() }
                feedback(revealed.sounds, root: root, reports: reports)
            case .roundComplete(let round):
                feedback(round.sounds, root: root, reports: reports)
            case .noteMeasured:
                break  // reported above, before anything ends
            }
            updateDrone(event)
            tuner.follow(event)
            fanOut.report(event) { sessionProfile ?? storage().profile }
            let current = questionSound.settings ?? settings.current
            if !afterFollowers.isEmpty { questionSound.play(afterFollowers, settings: current, question: true, reports: reports) }
            if let heldNote {
                if !afterFollowers.isEmpty { sound.pause(current.promptGap) }  // the gap after the reference, as between notes
                held.hold(heldNote.frequency, offset: heldNote.offset, sound: sound, settings: current)
            }
        }
        prepareMovedLesson()
        publish()
        wakeAtDeadline()
    }

    /// What the engine did when its open question's deadline passed, handed on.
    func deliverTimePassed() {
        guard questionSound.timedHeard else { return }  // a repeated steady click: its new grid is not heard yet
        engine.timePassed(at: clock.now)
        deliver()
    }

    /// A held note's tuned pitch: against `root` in its tuning (the session's when it names
    /// none); its `cents` are a bend from there.
    static func frequency(of held: HeldNote, root: MIDINote, settings: TrainingSettings) -> Frequency {
        (held.tuning ?? settings.tuningSystem).frequency(of: held.note, root: root, reference: settings.referencePitch)
    }

    /// Queues what a judged note, a reveal or a finished round sounds, once the keys are up, with
    /// the settings read at the question's prompt.
    private func feedback(_ sounds: [SoundPhrase], root: MIDINote?, reports: QuestionSound.Reports) {
        questionSound.feedback(questionSound.phrases(sounds, root: root), current: settings.current, wait: Self.feedbackWait, reports: reports)
    }
}
