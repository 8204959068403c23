import MusicTheory

/// The exercise engine: takes keyboard events, judges notes, and reports everything it does as
/// `TrainingEvent`s, in order, to its sink.
///
/// Time comes from the injected clock (and from each keyboard event's arrival time, which must
/// be on the same clock); every random choice comes from the injected `SeededRandom`. Given the
/// same exercise, settings, seed and keyboard events, a session replays exactly.
///
/// The engine is not thread-safe: one task owns it and feeds it events one at a time.
public final class TrainingEngine {
    /// Which keys and pedals are controls rather than answers.
    public var controls: KeyboardControls
    /// The student's schedule across sessions for a kind, and the wall-clock time now, read when
    /// a session starts (docs/adaptive.md); nil: each session's choice starts from nothing.
    public var review: (@Sendable (ExerciseKind) -> (schedule: ReviewSchedule, now: Double)?)?
    /// Reads the scores an exercise draws from (`ExerciseModule.scoreRequest`); nil: such an
    /// exercise is refused.
    public var scores: (any ScoreLibrary)?
    /// The exercise of the latest session, which "new session" starts again.
    public private(set) var lastExercise: Exercise?

    let settingsSource: any TrainingSettingsSource
    let clock: any TrainingClock
    let sink: any TrainingEventSink
    var random: SeededRandom
    var session: Session?
    private var pressedControllers: Set<Int> = []
    /// Where the pitch-bend wheel is, −8192…8191 (0 until it first moves): a question reads it
    /// as `QuestionContext.wheel`.
    public private(set) var wheel = 0

    /// An engine with no session running yet.
    public init(
        settings: any TrainingSettingsSource = FixedSettings(),
        clock: any TrainingClock,
        random: SeededRandom,
        controls: KeyboardControls = .standard,
        sink: any TrainingEventSink
    ) {
        self.settingsSource = settings
        self.clock = clock
        self.random = random
        self.controls = controls
        self.sink = sink
    }

    /// True while a session runs (a question is always open then).
    public var isRunning: Bool { session != nil }

    /// The random generator's state now: a new engine seeded with it makes the same choices.
    public var randomState: UInt64 { random.state }

    /// Starts a session (ending the running one first, with its results). Throws for an
    /// exercise that cannot run (Fbb Locrian cannot be spelled; an empty interval set).
    public func start(_ exercise: Exercise) throws(TrainingError) {
        try start(exercise, at: clock.now)
    }

    /// Takes one keyboard event. Note-offs, note-ons with velocity 0 and notes while no session
    /// runs are not answers; control keys and pedals act whether or not a session runs.
    public func handle(_ event: KeyboardEvent) {
        switch event.kind {
        case .noteOn(let note, let velocity) where velocity > 0:
            let range = session?.settings.noteRange ?? settingsSource.current.noteRange
            if let action = controls.action(forKey: note, noteRange: range) {
                perform(action, at: event.time)
            } else if session != nil {
                judge(note, velocity: velocity, at: event.time)
            }
        case .controlChange(let controller, let value):
            if value >= 64 {
                if pressedControllers.insert(controller).inserted, let action = controls.action(forController: controller) {
                    perform(action, at: event.time)
                }
            } else {
                pressedControllers.remove(controller)
            }
        case .pitchBend(let value):
            let before = wheel
            wheel = min(PitchWheel.values.upperBound, max(PitchWheel.values.lowerBound, value))
            // A gesture only while the wheel tunes nothing.
            if session?.open?.held == nil, let action = controls.action(forWheelFrom: before, to: wheel) {
                perform(action, at: event.time)
            }
        case .noteOn(let note, _), .noteOff(let note, _):
            let range = session?.settings.noteRange ?? settingsSource.current.noteRange
            if session != nil, controls.action(forKey: note, noteRange: range) == nil {
                answer(at: event.time) { open, context in open.release(note, context: &context) }
            }
        }
    }

    /// Does what a control key does, now.
    public func perform(_ action: ControlAction) {
        perform(action, at: clock.now)
    }

    /// Does what a control does, at `time` on the engine's clock (when its message arrived).
    public func perform(_ action: ControlAction, at time: Duration) {
        switch action {
        case .repeatPrompt: repeatPrompt(.all, at: time)
        case .repeatCadence: repeatPrompt(.cadence, at: time)
        case .repeatNotes: repeatPrompt(.notes, at: time)
        case .skip: skip(at: time)
        case .stop: end(at: time)
        case .newSession:
            guard let lastExercise else { return }
            // The last exercise started once already, so it is known to be valid.
            try? start(lastExercise, at: time)
        case .menu:
            return  // the daemon's keyboard menu
        }
    }

    func start(_ exercise: Exercise, at time: Duration) throws(TrainingError) {
        try exercise.options.validate()
        let settings = settingsSource.current
        let melodies = try melodies(for: exercise, settings: settings)
        end(at: time)
        lastExercise = exercise
        session = Session(exercise: exercise, startTime: time, settings: settings, melodies: melodies)
        if let (schedule, now) = review?(exercise.kind) {
            session!.chooser = AdaptiveChooser(review: (schedule, now, exercise.kind))
        }
        let started = SessionStarted(exercise: exercise, settings: settings, randomState: random.state)
        emit(.sessionStarted(started), at: time)
        openNextQuestion(at: time)
    }

    /// The melodies the exercise's scores give, read and checked before the running session
    /// ends (a file refused leaves it running); none for an exercise that reads no scores.
    private func melodies(for exercise: Exercise, settings: TrainingSettings) throws(TrainingError) -> [ScoreMelody] {
        guard let request = exercise.options.scoreRequest else { return [] }
        if request.mixed { return (try? scores?.melodies(request)) ?? [] }
        guard let scores else { throw TrainingError("scores cannot be read here: this engine has no score library") }
        let melodies = try scores.melodies(request)
        try exercise.options.check(melodies, settings: settings)
        return melodies
    }

    func end(at time: Duration) {
        guard let ending = session else { return }
        session = nil
        let results = ending.tally.results(exercise: ending.exercise, sessionLength: time - ending.startTime)
        sink.receive(TrainingEvent(sessionTime: time - ending.startTime, kind: .sessionEnded(results)))
    }

    func openNextQuestion(at time: Duration) {
        guard session != nil else { return }
        session!.nextQuestionDue = nil
        session!.settings = settingsSource.current
        session!.number += 1
        let previous = session!.open
        session!.open = nil
        var context = takeContext(at: time)
        let open = session!.exercise.options.openQuestion(after: previous, context: &context)
        putBack(context)
        session!.open = open
        ask(Prompt.Question(open.question), sounds: open.sounds, staff: open.staff, held: open.held, at: time)
    }

    /// When the open question wants to hear that time passed (`timePassed`), or the next question
    /// waiting for a sung note's end opens at the latest; nil: never.
    public var deadline: Duration? { session?.nextQuestionDue ?? session?.open?.deadline }

    /// Time has passed: an open question whose deadline is reached hears of it, at `time`; the
    /// next question waiting for a sung note's end opens once its time has come.
    public func timePassed(at time: Duration) {
        guard let deadline, time >= deadline else { return }
        guard session?.nextQuestionDue == nil else { return openNextQuestion(at: time) }
        answer(at: time) { open, context in open.timeUp(context: &context) }
    }

    /// The open question's phrase that times its answer (`SoundPhrase.timesAnswer`) was heard
    /// from `time` on: the question hears of it (a steady click's grid starts there).
    public func phraseHeard(at time: Duration) {
        guard session?.open != nil else { return }
        session!.open!.heard(at: time)
    }

    /// The open question's prompt began its last phrase at `time`, as heard (the output's delay
    /// counted): a kind played along with counts the answer's time from there.
    public func promptLastPhraseHeard(at time: Duration) {
        guard session != nil else { return }
        session!.heard.lastPhrase = time
    }

    /// The open question's prompt ended at `time`, as heard: the answer's time counts from there.
    public func promptEnded(at time: Duration) {
        guard session != nil else { return }
        session!.heard.end = time
    }

    func judge(_ note: MIDINote, velocity: Int, at time: Duration) {
        answer(at: time) { open, context in open.press(note, velocity: velocity, context: &context) }
    }

    /// Hands the open question a key (or a skip), reports the events it makes and, when the
    /// question is over, opens the next one (once the sung note that finished it has ended).
    /// A note the listening input heard (`heard`) is handed on as its nearest key, and its
    /// judgements say so, with how far it was from the note in tune (`hear`); a clap
    /// (`tapped`) is handed on as the question's key for a clap, its judgements from `listen`.
    func answer(at time: Duration, heard: HeardNote? = nil, tapped: Bool = false,
                _ body: (inout any OpenQuestion, inout QuestionContext) -> QuestionStep) {
        guard var open = session?.open, session?.nextQuestionDue == nil else { return }
        session!.open = nil  // held alone while it changes, so it is not copied
        var context = takeContext(at: time)
        context.heardNote = heard
        let step = body(&open, &context)
        putBack(context)
        session!.open = open
        let events = heard.map { note in step.events.map { sung($0, note, question: open.question) } }
            ?? (tapped ? step.events.map(Self.clapped) : step.events)
        for kind in events {
            switch kind {
            case .noteJudged(let judgement):
                session!.staff = judgement.staff
                // A sung note's cents count in the results' mean error, as a tuned answer's do.
                if let sung = judgement.sung, judgement.cents == nil { session!.tally.tuned(judgement.subject, cents: sung.cents) }
            case .answerRevealed(let revealed): session!.staff = revealed.staff
            default: break
            }
            emit(kind, at: time)
        }
        guard step.finished else { return }
        // A sung note that finished the question is let end before the next one sounds over it.
        if let heard, session?.sungAwaitingEnd?.time == heard.time {
            session!.nextQuestionDue = time + Self.sungEndWait
        } else {
            openNextQuestion(at: time)
        }
    }

    /// The session's tally and adaptive choice and the engine's random source, moved out (not
    /// copied) for a question to use.
    private func takeContext(at time: Duration) -> QuestionContext {
        let context = QuestionContext(
            settings: session!.settings, number: session!.number, time: time, wheel: wheel, random: random,
            tally: session!.tally, chooser: session!.chooser, heard: session!.heard, melodies: session!.melodies)
        session!.tally = ResultsTally()
        session!.chooser = AdaptiveChooser()  // a placeholder until `putBack`
        return context
    }

    private func putBack(_ context: QuestionContext) {
        random = context.random
        session!.tally = context.tally
        session!.chooser = context.chooser
    }

    /// Sounds the open question again, all of it or a part; false (and nothing sounds) when no
    /// session runs or the part is empty (the cadence of a question that sets no key).
    @discardableResult
    public func repeatPrompt(_ part: RepeatPart) -> Bool {
        repeatPrompt(part, at: clock.now)
    }

    @discardableResult
    func repeatPrompt(_ part: RepeatPart, at time: Duration) -> Bool {
        guard let prompt = session?.prompt else { return false }
        let open = session!.open
        let sounds = switch part {
        case .all: open?.soundsOnRepeat ?? prompt.sounds
        case .cadence: open?.keySounds ?? []
        case .notes: open?.noteSounds ?? prompt.sounds
        }
        guard !sounds.isEmpty else { return false }
        session!.settings = settingsSource.current
        let again = Prompt(
            number: prompt.number, question: prompt.question, settings: session!.settings,
            sounds: sounds, isRepeat: true, staff: session!.staff, held: open?.held
        )
        emit(.prompt(again), at: time)
        return true
    }

    func skip(at time: Duration) {
        guard session?.nextQuestionDue == nil else { return openNextQuestion(at: time) }
        answer(at: time) { open, context in open.skip(context: &context) }
    }

    func emit(_ kind: TrainingEvent.Kind, at time: Duration) {
        let start = session?.startTime ?? time
        sink.receive(TrainingEvent(sessionTime: time - start, kind: kind))
    }

    /// A prompt, remembered so that it can be repeated, and sent.
    func ask(_ question: Prompt.Question, sounds: [SoundPhrase], staff: Staff, held: HeldNote?, at time: Duration) {
        let prompt = Prompt(
            number: session!.number, question: question, settings: session!.settings,
            sounds: sounds, isRepeat: false, staff: staff, held: held
        )
        session!.prompt = prompt
        session!.staff = staff
        session!.heard = PromptHeard()
        emit(.prompt(prompt), at: time)
    }
}
