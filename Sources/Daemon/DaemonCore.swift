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
    let collector = EventCollector()
    let settings: DaemonSettings
    let clock: any TrainingClock & Sendable
    let sound: any SoundOutput
    let keyboardStatus: @Sendable () -> KeyboardStatus
    /// Every report, numbered, to every follower.
    var fanOut = EventFanOut()
    var tracker = SessionTracker()
    /// Sessions started and ended so far: a timed play stops when the session it played into is over.
    var sessionChanges = 0
    var storage: @Sendable () -> StorageState = { StorageState(summary: "not configured") }
    private var watchdogPings = 0
    /// The running session's student, when it names one.
    var sessionProfile: String?
    /// The exercise the next key begins while no session runs: the configured one until a session
    /// starts, then the last one started, until a reload changes the configured one.
    var ready: Exercise?
    /// The config's exercise as last prepared, so that a reload that leaves it alone keeps `ready`.
    var configured: Exercise?
    /// The lesson plan's current exercise, ready in place of the config's (DaemonCore+Plan.swift).
    var lesson: Exercise?
    /// Where the student is in the lesson plan, asked at each `status`.
    var planStatus: @Sendable () -> PlanStatus? = { nil }
    /// The lesson the plan moved to while the core reported, until the turn's end prepares it.
    nonisolated let movedLesson = Mutex<Exercise??>(nil)
    /// The tonic drone sounding, nil for none (DaemonCore+Drone.swift).
    var drone: Frequency?
    /// The keyboard menu while it is open (DaemonCore+Menu.swift).
    var menu: KeyboardMenu?
    /// What the menu says and what it does when it closes; nil: the menu control does nothing.
    var menuActions: MenuActions?
    /// Controls and gestures read from the keyboards' messages (clusters held back a moment).
    var gestures = GestureReader()
    /// The pending hand-on of keys held back by `gestures`.
    var gestureFlush: Task<Void, Never>?
    /// Wakes the core at the open question's deadline.
    var deadlineAlarm = DeadlineAlarm()
    /// The open question's prompt and feedback on the sound's timeline.
    var questionSound: QuestionSound
    /// The pitch-bend wheel and the note it tunes.
    var held = HeldNoteWheel()
    /// The students' schedules across sessions, and the daemon's own profile; nil: none.
    private var review: (memory: ReviewMemory, defaultProfile: String)?
    /// What `status` reads of the state above, published after every change to it (the end of
    /// `deliver`, `apply`, `setStorageState`), so that `currentStatus()` needs no turn on the actor.
    private nonisolated let published: PublishedStatus
    /// What `status` shows of the listening input; the input's service keeps it up to date.
    public nonisolated let listening = ListeningState()
    /// The listening input's readings against the open question's tuning (DaemonCore+Listen.swift).
    var tuner = LiveTuner()

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
        published = PublishedStatus(.init(tracker: SessionTracker(), tuning: settings.tuningSystem, storage: { StorageState(summary: "not configured") }))
        questionSound = QuestionSound(sound: sound)
        engine = TrainingEngine(
            settings: settingsSource, clock: clock, random: SeededRandom(seed: seed ?? UInt64.random(in: 0...UInt64.max)),
            controls: controls, sink: collector)
    }

    /// Adds a follower; it hears every event from now on.
    public func follow(with follower: any EventFollower) {
        fanOut.add(follower)
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

    /// Sessions from now on may draw their questions from score files (`dictation --from`),
    /// which `library` reads.
    public func setScores(_ library: any ScoreLibrary) {
        engine.scores = library
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
            let (controls, scores) = (engine.controls, engine.scores)
            if engine.isRunning { engine.perform(.stop) }
            deliver()
            engine = TrainingEngine(settings: settings, clock: clock, random: SeededRandom(seed: seed), controls: controls, sink: collector)
            engine.scores = scores
        }
        defer { deliver() }  // the running session's end, then the new start, which names its student
        if let review {
            let student = profile ?? review.defaultProfile
            engine.review = { [memory = review.memory] _ in (memory.schedule(profile: student), memory.now()) }
        }
        try engine.start(exercise)
        sessionProfile = profile
        ready = lesson ?? exercise  // a lesson plan's lesson is what the next key begins, whatever ran
    }

    /// Makes the config's exercise the one the next key begins (at start-up, and at a reload that
    /// changed it); a reload that left it alone keeps the last one started ready.
    public func prepare(_ exercise: Exercise) {
        guard exercise != configured else { return }
        configured = exercise
        ready = lesson ?? exercise
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

    /// Sounds the open question again, or a part of it: nil when no session runs, false when the
    /// part is empty (the cadence of a question that sets no key).
    public func repeatPrompt(_ part: RepeatPart = .all) -> Bool? {
        guard engine.isRunning else { return nil }
        let repeated = engine.repeatPrompt(part)
        deliver()
        return repeated
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
    var sequenceNow: Int { fanOut.sequence }

    /// Now, on the core's clock (the keys' and the engine's).
    var currentTime: Duration { clock.now }

    /// The latest finished session's results.
    public var lastResults: SessionResults? { tracker.lastResults }

    // MARK: - Status and life cycle

    /// The status after everything the actor was asked before it: a request handled in order
    /// (`session.start` then `status` from one client) sees its own change.
    public func status() -> StatusResult {
        currentStatus()
    }

    /// The status from any thread, without waiting for the actor: the control socket answers
    /// `status` with it on its own thread. As fresh as the last change the actor published.
    public nonisolated func currentStatus() -> StatusResult {
        published.status(version: Self.version, now: clock.now, keyboards: keyboardStatus(), sound: sound.status,
                         listen: listening.status)
    }

    func publish() {
        published.publish(.init(tracker: tracker, tuning: settings.current.tuningSystem, clef: settings.current.clef, storage: storage,
                                plan: planStatus, profile: tracker.running ? sessionProfile : nil,
                                ready: tracker.running ? nil : ready.map { ReadyStatus(kind: $0.kind, exercise: EventFormatter.describe($0)) },
                                seq: fanOut.sequence))
    }

    /// Reports a device change (a keyboard plugged in or out, the sound device lost or found).
    public func deviceChanged(_ text: String) {
        fanOut.deviceChanged(text)
    }

    /// Graceful shutdown: the session's results are reported (and stored), the sound stops.
    public func shutdown() {
        stop()
        sound.silence()
    }

    /// Lets go of the followers and callbacks the daemon was wired with (the control service, the
    /// plan, the menu's actions), once every service has ended: each holds the core in turn, so
    /// without this the core, the control server and its descriptors outlived the daemon (a test
    /// process builds over a hundred; each kept a pipe and an epoll open). `publish` drops the
    /// published status's copy of the plan's callback.
    public func detach() {
        fanOut.removeFollowers()
        menuActions = nil
        planStatus = { nil }
        publish()
    }

    /// Answers the watchdog: proves this actor still takes work.
    public func ping() -> Int {
        watchdogPings += 1
        return watchdogPings
    }
}
