import ControlProtocol
import MusicTheory
import Synchronization
import Training

/// The daemon's heart: owns the engine, feeds it keys from every keyboard (real or virtual), sounds
/// every key and prompt, and hands each event to its followers (stdout, subscribers, statistics).
///
/// One actor, so the engine sees one event at a time, in arrival order.
public actor DaemonCore {
    public static let version = "eartrainerd 0.1.0"

    var engine: TrainingEngine
    private let collector = EventCollector()
    private let settings: DaemonSettings
    private let clock: any TrainingClock & Sendable
    let sound: any SoundOutput
    let keyboardStatus: @Sendable () -> KeyboardStatus
    private var followers: [any EventFollower] = []
    private var formatter = EventFormatter()
    private var tracker = SessionTracker()
    private var sequence = 0
    /// Sessions started and ended so far: a timed play stops when the session it played into is over.
    private(set) var sessionChanges = 0
    private var storage: @Sendable () -> StorageState = { StorageState(summary: "not configured") }
    private var watchdogPings = 0
    /// The running session's student, when it names one.
    private var sessionProfile: String?
    /// The exercise the next key begins while no session runs: the configured one until a session
    /// starts, then the last one started, until a reload changes the configured one.
    private var ready: Exercise?
    /// The config's exercise as last prepared, so that a reload that leaves it alone keeps `ready`.
    private var configured: Exercise?
    /// The keyboard menu while it is open (DaemonCore+Menu.swift).
    var menu: KeyboardMenu?
    /// What the menu says and what it does when it closes; nil: the menu control does nothing.
    var menuActions: MenuActions?
    /// Controls and gestures read from the keyboards' messages (clusters held back a moment).
    private var gestures = GestureReader()
    /// The pending hand-on of keys held back by `gestures`.
    private var gestureFlush: Task<Void, Never>?
    /// Wakes the core at the open question's deadline, and which deadline it was set for.
    var deadlineWake: (task: Task<Void, Never>, deadline: Duration)?
    /// Prompts queued that time the answer (a steady click), counted so that only the latest one's
    /// report is heard, whether it may still sound (it ends at the question's next event) and
    /// whether it was heard yet (a repeat's grid is not the one before).
    var timedPhrase = (plays: 0, sounding: false, heard: true)
    /// Question prompts queued so far: a report of one before the latest is stale.
    var questionPrompts = 0
    /// The settings read at the open question's prompt: its feedback sounds with them.
    private var questionSettings: TrainingSettings?
    /// Whether the open question's kind sounds on the steady tone (`ExerciseModule.soundsSteady`).
    private var steadyTone = false
    /// Where the pitch-bend wheel is, −8192…8191: a held note starts bent by it.
    private var wheel = 0
    /// Whether a held note was asked to sound (it is released when the question ends).
    private var holding = false
    /// Cents the held note starts from its tuned pitch: the wheel bends it from there. The sound
    /// is given the tuned pitch itself (which the cello's calibration can measure once per key)
    /// and this offset as a bend, so no detuning asks for a measurement of its own.
    private var heldOffset = 0.0
    /// The students' schedules across sessions, and the daemon's own profile; nil: none.
    private var review: (memory: ReviewMemory, defaultProfile: String)?
    /// What `status` reads of the state above, published after every change to it (the end of
    /// `deliver`, `apply`, `setStorageState`), so that `currentStatus()` needs no turn on the actor.
    private nonisolated let published: Mutex<StatusParts>

    private struct StatusParts: Sendable {
        var tracker: SessionTracker
        var tuning: TuningSystem
        var clef: Clef = .auto
        /// Asked at each `status`: the store's state changes on its own (a full disk, space freed).
        var storage: @Sendable () -> StorageState
        /// The running session's student, when it names one.
        var profile: String? = nil
        /// What the next key begins, as `status` shows it; nil while a session runs.
        var ready: ReadyStatus? = nil
    }

    /// A core with no session running; `seed` seeds the first engine (later sessions may bring their own);
    /// `clock` times prompts, answers and `status` (a test's own clock, or the real one).
    public init(
        settings: TrainingSettings = .cello, sound: any SoundOutput,
        keyboardStatus: @escaping @Sendable () -> KeyboardStatus = { .absent },
        controls: KeyboardControls = .standard, seed: UInt64? = nil, clock: any TrainingClock & Sendable = SystemTrainingClock()
    ) {
        let settingsSource = DaemonSettings(settings)
        self.settings = settingsSource
        self.clock = clock
        self.sound = sound
        self.keyboardStatus = keyboardStatus
        published = Mutex(StatusParts(tracker: SessionTracker(), tuning: settings.tuningSystem, storage: { StorageState(summary: "not configured") }))
        engine = TrainingEngine(
            settings: settingsSource, clock: clock, random: SeededRandom(seed: seed ?? UInt64.random(in: 0...UInt64.max)),
            controls: controls, sink: collector)
    }

    /// Adds a follower; it hears every event from now on.
    public func follow(with follower: any EventFollower) {
        followers.append(follower)
    }

    /// Whether statistics are kept, where and for whom, as `status` reports it.
    public struct StorageState: Sendable, Hashable {
        /// "available", or "unavailable: " and why.
        public var summary: String
        public var database: String?
        public var profile: String?

        public init(summary: String, database: String? = nil, profile: String? = nil) {
            self.summary = summary
            self.database = database
            self.profile = profile
        }
    }

    /// Says whether statistics are kept, for `status`.
    public func setStorageState(_ state: StorageState) {
        setStorageState { state }
    }

    /// Asks `state` whether statistics are kept at each `status` (it changes while running: a
    /// full disk, space freed, corruption found).
    public func setStorageState(_ state: @escaping @Sendable () -> StorageState) {
        storage = state
        publish()
    }

    /// The settings prompts read from now on (a config reload).
    public func apply(_ newSettings: TrainingSettings) {
        settings.current = newSettings
        publish()
    }

    public var currentSettings: TrainingSettings { settings.current }

    /// Sessions from now on read their student's schedule across sessions (docs/adaptive.md).
    public func setReview(_ memory: ReviewMemory, defaultProfile: String) {
        review = (memory, defaultProfile)
        engine.review = { _ in (memory.schedule(profile: defaultProfile), memory.now()) }
    }

    /// The keys and pedals that control sessions (a config reload).
    public func setControls(_ controls: KeyboardControls) {
        engine.controls = controls
    }

    // MARK: - Sessions

    /// Starts a session (ending the running one, with its results). A given seed replays exactly.
    /// `profile` names the student whose answers it records (nil: the daemon's own profile).
    public func start(_ exercise: Exercise, seed: UInt64? = nil, profile: String? = nil) throws(TrainingError) {
        if let seed {
            let controls = engine.controls
            if engine.isRunning { engine.perform(.stop) }
            deliver()
            engine = TrainingEngine(settings: settings, clock: clock, random: SeededRandom(seed: seed), controls: controls, sink: collector)
        }
        defer { deliver() }  // the running session's end, then the new start, which names its student
        if let review {
            let student = profile ?? review.defaultProfile
            engine.review = { [memory = review.memory] _ in (memory.schedule(profile: student), memory.now()) }
        }
        try engine.start(exercise)
        sessionProfile = profile
        ready = exercise
    }

    /// Makes the config's exercise the one the next key begins (at start-up, and at a reload that
    /// changed it); a reload that left it alone keeps the last one started ready.
    public func prepare(_ exercise: Exercise) {
        guard exercise != configured else { return }
        configured = exercise
        ready = exercise
        publish()
    }

    /// The kind of the exercise the next key begins.
    var readyKind: ExerciseKind? { (ready ?? configured)?.kind }

    /// The stdout line that says what the next key begins; nil when nothing is ready.
    public var readyAnnouncement: String? {
        ready.map { "ready: \(EventFormatter.describe($0)) — play any key to begin" }
    }

    /// Ends the running session; its results are reported. Nil when none was running.
    @discardableResult
    public func stop() -> SessionResults? {
        guard engine.isRunning else { return nil }
        engine.perform(.stop)
        deliver()
        return tracker.lastResults
    }

    /// Sounds the open question again.
    public func repeatPrompt() -> Bool {
        guard engine.isRunning else { return false }
        engine.perform(.repeatPrompt)
        deliver()
        return true
    }

    /// Gives up on the open question: the answer is shown, the next question comes.
    public func skip() -> Bool {
        guard engine.isRunning else { return false }
        engine.perform(.skip)
        deliver()
        return true
    }

    public var isRunning: Bool { engine.isRunning }

    /// The last report's `seq`.
    var sequenceNow: Int { sequence }

    /// Now, on the core's clock (the keys' and the engine's).
    var currentTime: Duration { clock.now }

    /// The latest finished session's results.
    public var lastResults: SessionResults? { tracker.lastResults }

    // MARK: - Keys

    /// One message from a keyboard: a pressed key sounds at once, tuned to the current root, until
    /// it comes up (or the sustain pedal, controller 64, lifts); then it is read as a control or
    /// handed to the menu or the engine (`GestureReader`: a key may wait up to its cluster window
    /// to be judged, never to sound). `age` is how long ago it arrived.
    public func keyboard(_ kind: KeyboardEvent.Kind, arrivedAt arrival: ContinuousClock.Instant) {
        // Its age read here, beside the core's own clock: the hop to the actor is no lateness.
        keyboard(kind, age: ContinuousClock.now - arrival)
    }

    /// The same for a message `age` old now.
    public func keyboard(_ kind: KeyboardEvent.Kind, age: Duration = .zero) {
        switch kind {
        case .noteOff(let note, _), .noteOn(let note, velocity: 0):
            sound.releaseKey(note)
        case .controlChange(controller: Self.sustainPedal, let value):
            sound.sustain(value >= 64)
        case .noteOn(let note, let velocity):
            if tracker.keysSound || menu != nil {
                sound.pressKey(note, velocity: velocity, root: tracker.currentRoot, settings: settings.current, arrivedAt: .now - age)
            }
        case .pitchBend(let value):
            wheel = min(PitchWheel.values.upperBound, max(PitchWheel.values.lowerBound, value))
            sound.bendHeld(cents: heldOffset + PitchWheel.cents(wheel, rangeSemitones: settings.current.bendRangeSemitones))
        case .controlChange:
            break
        }
        read(KeyboardEvent(kind, at: clock.now - age))
    }

    /// The pitch-bend wheel from a client (`notes.bend`), as a keyboard's would move it: the held
    /// note follows, and a `match` answer reads it. `value` must be −8192…8191.
    public func bend(_ value: Int) {
        precondition(PitchWheel.values.contains(value), "a wheel value is -8192...8191")
        keyboard(.pitchBend(value: value))
    }

    /// Where the wheel is, as the sound last followed it.
    public var wheelPosition: Int { wheel }

    /// The sustain pedal's controller: it holds the sound of released keys, whatever control it is.
    static let sustainPedal = 64

    /// Reads one message through the gestures and acts on what it meant; while keys are held
    /// back, a flush is due at the gesture reader's deadline.
    func read(_ event: KeyboardEvent) {
        let outputs = gestures.take(event, controls: engine.controls, noteRange: settings.current.noteRange)
        act(on: outputs)
        scheduleGestureFlush()
    }

    private func act(on outputs: [GestureReader.Output]) {
        for output in outputs {
            switch output {
            case .control(let action, let time): control(action, at: time)
            case .event(let event): route(event)
            }
        }
    }

    /// Hands on what the gesture reader held back once its window has passed with no cluster.
    private func scheduleGestureFlush() {
        guard gestures.deadline != nil, gestureFlush == nil else { return }
        gestureFlush = Task { [window = GestureReader.clusterWindow] in
            try? await Task.sleep(for: window)
            self.flushGestures()
        }
    }

    /// Hands on what is held once the window has passed on the core's clock (the keys' own
    /// clock: a busy machine that wakes the timer early or late changes nothing); else waits on.
    private func flushGestures() {
        gestureFlush = nil
        guard let deadline = gestures.deadline else { return }
        guard clock.now >= deadline else {
            scheduleGestureFlush()
            return
        }
        act(on: gestures.flush())
    }

    /// A control: the menu's (the menu control, and every control while the menu is open), the
    /// ready exercise's (begin), or the engine's.
    private func control(_ action: ControlAction, at time: Duration) {
        if menu != nil {
            menuControl(action)
            return
        }
        if action == .menu {
            menuControlWhileClosed()
            return
        }
        if action == .newSession, let ready {
            try? start(ready, profile: sessionProfile)
            return
        }
        engine.perform(action, at: time)
        deliver()
    }

    /// A message that is no control: a key in the open menu chooses; with nothing running, a
    /// key begins the ready exercise (and is no answer: the question is sounded after it); else
    /// the engine takes it.
    private func route(_ event: KeyboardEvent) {
        if let note = event.pressedNote {
            if menu != nil {
                menuChoice(note)
                return
            }
            if let ready, !engine.isRunning {
                try? start(ready, profile: sessionProfile)
                return
            }
        }
        engine.handle(event)
        deliver()
    }

    /// The virtual keyboard: each note pressed and released, in order, as if played; each sounds
    /// for the note duration (it has no real hold). Returns the `seq` before the first report this
    /// caused and the last one's (equal when none).
    @discardableResult
    public func play(_ notes: [MIDINote], velocity: Int = 90) -> (after: Int, through: Int) {
        play(notes.map { [$0] }, velocity: velocity)
    }

    /// The same with keys held together: each group's keys are pressed at one instant, in the
    /// order given, then released together, before the next group.
    @discardableResult
    public func play(_ chords: [[MIDINote]], velocity: Int = 90) -> (after: Int, through: Int) {
        play(chords.map { TimedKeys($0, at: clock.now) }, velocity: velocity)
    }

    /// Groups of keys each pressed and released (or pressed, or released) at its own time on the
    /// core's clock, as read; a key held sounds until it is released.
    func play(_ groups: [TimedKeys], velocity: Int) -> (after: Int, through: Int) {
        let before = sequence
        for group in groups {
            if group.touch != .released {
                for note in group.keys {
                    if tracker.keysSound {
                        if group.touch == .pressed {
                            sound.pressKey(note, velocity: velocity, root: tracker.currentRoot, settings: settings.current, arrivedAt: .now)
                        } else {
                            sound.playKey(note, velocity: velocity, root: tracker.currentRoot, settings: settings.current, arrivedAt: .now)
                        }
                    }
                    read(KeyboardEvent(.noteOn(note, velocity: velocity), at: group.time))
                }
            }
            guard group.touch != .pressed else { continue }
            for note in group.keys {
                if group.touch == .released { sound.releaseKey(note) }
                read(KeyboardEvent(.noteOff(note, velocity: 0), at: group.time))
            }
        }
        return (before, sequence)
    }

    // MARK: - Status and life cycle

    /// The status after everything the actor was asked before it: a request handled in order
    /// (`session.start` then `status` from one client) sees its own change.
    public func status() -> StatusResult {
        currentStatus()
    }

    /// The status from any thread, without waiting for the actor: the control socket answers
    /// `status` with it on its own thread. As fresh as the last change the actor published.
    public nonisolated func currentStatus() -> StatusResult {
        let parts = published.withLock { $0 }
        return status(of: parts, storage: parts.storage(), devices: deviceInputs(), now: clock.now)
    }

    private nonisolated func status(of parts: StatusParts, storage: StorageState, devices inputs: DeviceInputs, now: Duration) -> StatusResult {
        StatusResult(
            daemon: Self.version, uptimeSeconds: now.secondsToTheMillisecond,
            session: parts.tracker.status(now: now, tuning: parts.tuning, clef: parts.clef),
            devices: devicesMemo.value(for: inputs, Self.devices), storage: storage.summary, database: storage.database,
            profile: parts.profile ?? storage.profile,
            ready: parts.ready)
    }

    private nonisolated func deviceInputs() -> DeviceInputs {
        DeviceInputs(keyboards: keyboardStatus(), sound: sound.status)
    }

    private struct DeviceInputs: Equatable, Sendable {
        var keyboards: KeyboardStatus
        var sound: SoundStatus
    }

    private nonisolated let devicesMemo = Memo<DeviceInputs, DevicesStatus>()
    private static func devices(_ inputs: DeviceInputs) -> DevicesStatus {
        let (keyboards, soundStatus) = (inputs.keyboards, inputs.sound)
        var missing: [String] = []
        if !keyboards.sequencerOpen {
            missing.append("ALSA sequencer: \(keyboards.problem ?? "not open")")
        } else if keyboards.keyboards.isEmpty {
            missing.append("keyboard: none connected")
        }
        if !soundStatus.deviceOpen { missing.append("sound: \(soundStatus.detail)") }
        return DevicesStatus(
            sequencer: keyboards.sequencerOpen, keyboard: !keyboards.keyboards.isEmpty, keyboards: keyboards.keyboards,
            sound: soundStatus.deviceOpen, soundDevice: soundStatus.detail, missing: missing, inputToSound: soundStatus.inputToSound)
    }

    private func publish() {
        let parts = StatusParts(tracker: tracker, tuning: settings.current.tuningSystem, clef: settings.current.clef, storage: storage,
                                profile: tracker.running ? sessionProfile : nil,
                                ready: tracker.running ? nil : ready.map { ReadyStatus(kind: $0.kind, exercise: EventFormatter.describe($0)) })
        published.withLock { $0 = parts }
    }

    /// Reports a device change (a keyboard plugged in or out, the sound device lost or found).
    public func deviceChanged(_ text: String) {
        sequence += 1
        let report = EventReport(
            seq: sequence, type: "device", topic: .device, sessionSeconds: 0, text: text,
            details: Wire.value(DeviceDetails(message: text)))
        for follower in followers { follower.follow(report, event: nil) }
    }

    /// Graceful shutdown: the session's results are reported (and stored), the sound stops.
    public func shutdown() {
        stop()
        sound.silence()
    }

    /// Answers the watchdog: proves this actor still takes work.
    public func ping() -> Int {
        watchdogPings += 1
        return watchdogPings
    }

    // MARK: - Events

    /// Hands what the engine just did to the tracker, the sound and the followers, in order.
    /// What the events ask to sound (a right answer's echo, a revealed answer, a finished round's
    /// model answer, the next prompt) is played as one prompt at the end, phrase after phrase, so that nothing overlaps.
    /// Hands each new event to the sound and the followers, in order, building the question's
    /// timeline (docs/audio.md, "The question's timeline"): a new session, a stop, a skip and a
    /// repeat first silence what is queued; feedback (an echo, a revealed answer, a model answer)
    /// waits for the student's keys to come up; a breath comes before each next question; a
    /// prompt's instruction is queued before its notes (the voice follows the event, then its
    /// notes are queued), feedback words are said at once and what was heard after the echo.
    private func deliver() {
        var silenced = false
        func silenceOnce() {
            guard !silenced else { return }
            sound.silence()
            silenced = true
        }
        for event in collector.drain() {
            let root = tracker.currentRoot  // the question the event concerns (a prompt brings its own)
            tracker.apply(event, at: clock.now)
            var afterFollowers: [PromptPhrase] = []
            var held: (frequency: Frequency, offset: Double)?
            if holding {  // whatever comes next (the answer, a reveal, a repeat, the end) ends it
                sound.releaseHeld()
                holding = false
            }
            endTimedPhrase()  // so does a steady click
            switch event.kind {
            case .sessionStarted, .sessionEnded:
                silenceOnce()
                sessionChanges += 1
            case .prompt(let prompt):
                if prompt.isRepeat { silenceOnce() } else if prompt.number > 1 { sound.pause(prompt.settings.breath) }
                questionSettings = prompt.settings
                steadyTone = ExerciseCatalog.module(named: prompt.question.kind.rawValue)?.soundsSteady ?? false
                if let root = tracker.currentRoot {
                    afterFollowers = Self.phrases(prompt.sounds, root: root, steady: steadyTone)
                    held = prompt.held.map { (Self.frequency(of: $0, root: root, settings: prompt.settings), $0.cents) }
                }
            case .noteJudged(let judgement):
                feedback(Self.phrases(judgement.sounds, root: root, steady: steadyTone))
            case .answerRevealed(let revealed):
                if revealed.reason == .skipped { silenceOnce() }
                feedback(Self.phrases(revealed.sounds, root: root, steady: steadyTone))
            case .roundComplete(let round):
                feedback(Self.phrases(round.sounds, root: root, steady: steadyTone))
            }
            sequence += 1
            var report = formatter.report(event, seq: sequence)
            if case .sessionStarted = event.kind, let profile = sessionProfile ?? storage().profile { report.attach(profile: profile) }
            for follower in followers { follower.follow(report, event: event) }
            if !afterFollowers.isEmpty { playPrompt(afterFollowers, settings: questionSettings ?? settings.current, question: true) }
            if let held {
                let current = questionSettings ?? settings.current
                if !afterFollowers.isEmpty { sound.pause(current.promptGap) }  // the gap after the reference, as between notes
                heldOffset = held.offset
                sound.hold(held.frequency, bentBy: held.offset + PitchWheel.cents(wheel, rangeSemitones: current.bendRangeSemitones),
                           settings: current)
                holding = true
            }
        }
        publish()
        wakeAtDeadline()
    }

    /// What the engine did when its open question's deadline passed, handed on.
    func deliverTimePassed() {
        guard timedPhrase.heard else { return }  // a repeated steady click: its new grid is not heard yet
        engine.timePassed(at: clock.now)
        deliver()
    }

    /// A held note's tuned pitch: against `root` in its tuning (the session's when it names
    /// none); its `cents` are a bend from there.
    static func frequency(of held: HeldNote, root: MIDINote, settings: TrainingSettings) -> Frequency {
        (held.tuning ?? settings.tuningSystem).frequency(of: held.note, root: root, reference: settings.referencePitch)
    }

    /// How long feedback waits for the student's keys to come up before it sounds anyway.
    public static let feedbackWait = Duration.milliseconds(1500)

    /// Queues what a judged note, a reveal or a finished round sounds, once the keys are up, with
    /// the settings read at the question's prompt.
    private func feedback(_ phrases: [PromptPhrase]) {
        guard !phrases.isEmpty else { return }
        sound.afterKeysUp(within: Self.feedbackWait)
        playPrompt(phrases, settings: questionSettings ?? settings.current)
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
}
