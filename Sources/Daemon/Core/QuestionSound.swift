import MusicTheory
import Training

/// The open question's sounds on the timeline (docs/audio.md, "The question's timeline"): its
/// prompt and its feedback, tuned with the settings read at its prompt and on the steady tone
/// when its kind judges intonation. A prompt that times the answer (a steady click) sounds until
/// the question's next event, and reports when it is heard; a question's prompt reports when its
/// last phrase starts and when it ends. Reports of a prompt queued before the latest are stale.
struct QuestionSound {
    let sound: any SoundOutput
    /// The settings read at the open question's prompt: its feedback sounds with them.
    private(set) var settings: TrainingSettings?
    /// Whether the open question's kind sounds on the steady tone (`ExerciseModule.soundsSteady`).
    private var steady = false
    /// Prompts queued that time the answer, counted so that only the latest one's report is
    /// heard; whether it may still sound (it ends at the question's next event) and whether it
    /// was heard yet (a repeat's grid is not the one before).
    private(set) var timedPlays = 0
    private(set) var timedSounding = false
    private(set) var timedHeard = true
    /// Question prompts queued so far.
    private(set) var questionPrompts = 0

    /// What the core hears of a prompt, called off the actor with the instant and the count it was
    /// queued under (`isLatest(timed:)`, `isLatest(prompt:)`).
    struct Reports: Sendable {
        var timedHeard: @Sendable (ContinuousClock.Instant, Int) -> Void
        var lastPhraseHeard: @Sendable (ContinuousClock.Instant, Int) -> Void
        var ended: @Sendable (ContinuousClock.Instant, Int) -> Void
    }

    init(sound: any SoundOutput) {
        self.sound = sound
    }

    /// A question's prompt: its settings and its kind's tone hold until the next prompt.
    mutating func opened(_ prompt: Prompt) {
        settings = prompt.settings
        steady = ExerciseCatalog.module(named: prompt.question.kind.rawValue)?.soundsSteady ?? false
    }

    /// What an event asks to sound, tuned against `root`, on the open question's tone.
    func phrases(_ sounds: [SoundPhrase], root: MIDINote?) -> [PromptPhrase] {
        Self.phrases(sounds, root: root, steady: steady)
    }

    /// What an event asks to sound, tuned against `root` (or, with none, each phrase's first note),
    /// on the steady tone when its kind judges intonation.
    static func phrases(_ sounds: [SoundPhrase], root: MIDINote?, steady: Bool = false) -> [PromptPhrase] {
        sounds.compactMap { phrase in
            guard let tuning = root ?? phrase.notes.first else { return nil }
            var prompt = PromptPhrase(phrase.notes, root: tuning, together: phrase.together, cents: phrase.cents, tuning: phrase.tuning)
            prompt.timing = phrase.timing
            prompt.clicks = phrase.clicks
            prompt.timesAnswer = phrase.timesAnswer
            prompt.startsOnBar = phrase.startsOnBar
            prompt.steady = steady
            return prompt
        }
    }

    /// Queues a prompt; one whose first phrase times the answer reports when it is heard, and a
    /// `question`'s prompt (not feedback) when its last phrase starts and when it ends.
    mutating func play(_ phrases: [PromptPhrase], settings: TrainingSettings, question: Bool = false, reports: Reports) {
        let timed = phrases.first?.timesAnswer == true
        guard question || timed else {
            sound.playPrompt(phrases, settings: settings)
            return
        }
        var marks = PromptMarks()
        if timed {
            timedPlays += 1
            timedSounding = true
            timedHeard = false
            let play = timedPlays
            marks.first = { instant in reports.timedHeard(instant, play) }
        }
        if question {
            questionPrompts += 1
            let prompt = questionPrompts
            marks.lastPhrase = { instant in reports.lastPhraseHeard(instant, prompt) }
            marks.end = { instant in reports.ended(instant, prompt) }
        }
        sound.playPrompt(phrases, settings: settings, marks: marks)
    }

    /// Queues what a judged note, a reveal or a finished round sounds, once the keys are up (at
    /// most `wait`), with the settings read at the question's prompt (else `current`).
    mutating func feedback(_ phrases: [PromptPhrase], current: TrainingSettings, wait: Duration, reports: Reports) {
        guard !phrases.isEmpty else { return }
        sound.afterKeysUp(within: wait)
        play(phrases, settings: settings ?? current, reports: reports)
    }

    /// Whether a question prompt's report is the latest prompt's.
    func isLatest(prompt: Int) -> Bool { prompt == questionPrompts }

    /// A timed prompt's report that it is heard: true when it is the latest and still sounding,
    /// which is then heard.
    mutating func heard(timed play: Int) -> Bool {
        guard play == timedPlays, timedSounding else { return false }
        timedHeard = true
        return true
    }

    /// The question's next event (its answer, a reveal, a repeat, its deadline, the end) ends a
    /// timed prompt still queued: the clicks not yet sounded are dropped, the student's keys play on.
    mutating func endTimed() {
        guard timedSounding else { return }
        timedSounding = false
        timedHeard = true
        sound.endPrompt()
    }
}
