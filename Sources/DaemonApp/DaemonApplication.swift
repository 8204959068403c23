import Foundation
import ConfigFile
import ControlProtocol
import ControlServer
import Daemon
import Glibc
import Logging
import ServiceLifecycle
import Statistics
import Synchronization
import Training

/// The whole daemon, built and not yet running, as a hummingbird application is: `run()` serves
/// until a shutdown signal (`DaemonEdges.shutdownSignals`) or `shutDown()`, then shuts down
/// gracefully (the session's end reported and stored, the sound stopped, the clients closed, the
/// socket file removed).
public struct DaemonApplication: Service {
    /// The engine's actor, for the start-up announcement and for tests.
    public let core: DaemonCore
    /// The control server, to adopt already connected clients (`ControlServer.adopt(connected:)`).
    public let server: ControlServer
    private let group: ServiceGroup

    /// Builds the daemon from its config and its edges; nothing runs until `run()`. The core
    /// follows with stdout, the statistics writer and the socket's subscribers, in that order.
    public static func build(config reloader: ConfigReloader, options: DaemonOptions, edges: DaemonEdges,
                             logger: Logger) async throws -> DaemonApplication {
        let config = reloader.config
        let reporter = edges.reporter
        let core = DaemonCore(settings: config.training.settings, sound: edges.sound, keyboardStatus: edges.keyboardStatus,
                              controls: config.midi.controls, seed: options.seed, clock: edges.clock)
        await core.follow(with: reporter)
        if config.listen.driver != .off {
            // Known before the first question: with a listening input a held note is the singer's.
            core.listening.configure(driver: config.listen.driver.rawValue, device: config.listen.device)
        }

        let store = edges.statistics
        let statistics = StatisticsFollower(
            recorder: StatisticsRecorder(store: store, profile: options.profile, logger: logger),
            announce: { message, warning in reporter.say(message, warning: warning) })
        await core.follow(with: statistics)
        await core.setStorageState { statistics.state }
        let review = ReviewMemory(answers: Self.reviewAnswers(store), now: { Date().timeIntervalSince1970 })
        await core.follow(with: ReviewFollower(memory: review, defaultProfile: options.profile))
        await core.setReview(review, defaultProfile: options.profile)
        await core.setScores(ScoreFiles(ownPaths: { reloader.config.training.libraryPaths }))

        // The plan follows after the voice (its words come after the results'); it is made first,
        // for `plan.get`, and speaks through the voice once there is one.
        let speaker = Mutex<VoiceFollower?>(nil)
        let plan = planFollower(reloader: reloader, options: options, store: store, core: core, reporter: reporter) { text in
            speaker.withLock { $0 }?.say(text)
        }
        // A class's sync pushes from the statistics file (docs/class.md).
        // The plan its hub assigns is followed over the config's (docs/plans.md).
        let classes = (store as? SQLiteStatisticsStore).map {
            ClassService(store: $0, profile: options.profile, reporter: reporter, follow: { assigned in
                await follow(reloader.config.training, assigned: assigned, with: plan, core: core, reporter: reporter)
            })
        }
        let router = RequestRouter(
            core: core, policy: policy(config.socket, reporter: reporter),
            defaults: {
                // Read at each session.start, so a reload's exercise defaults apply to the next session.
                reloader.config.training.exercises
            },
            configuration: { Wire.snakeCasedValue(reloader.config) },
            settings: .over(reloader) { config in await core.apply(config.training.settings) },
            statistics: StatisticsQueries.access(store, pool: StatisticsQueryPool(), profile: options.profile),
            recorded: { after, through in await statistics.recorded(after: after, through: through) },
            plan: { plan.result },
            classes: classes?.access ?? .unavailable)
        let limit = options.maxClients ?? config.socket.maxClients
        let server = try ControlServer(
            listener: edges.listener, greeting: ControlService.greeting(router.methods),
            refusals: ControlService.refusals(maxClients: limit), limits: ServerLimits(maxClients: limit),
            quickAnswer: ControlService.quickAnswer(router), keepsPlace: { [policy = router.policy] in policy.mayControl($0) })
        let control = ControlService(server: server, router: router) { reporter.say($0, warning: true) }
        await core.follow(with: control)
        let voice = VoiceFollower(
            sound: edges.sound, settings: { reloader.config.voice.speaking },
            watched: { [subscriptions = router.subscriptions] in !subscriptions.subscribers(of: .prompt).isEmpty })
        await core.follow(with: voice)
        speaker.withLock { $0 = voice }
        await core.follow(with: plan)
        await core.setPlanStatus { plan.status }
        await follow(config.training, assigned: classes?.assignedPlan, with: plan, core: core, reporter: reporter)
        await core.setMenuActions(MenuActions(
            say: { text in
                reporter.say("menu: \(text)")
                voice.say(text)
            },
            finished: { choices in await Self.apply(menu: choices, reloader: reloader, core: core, router: router, reporter: reporter) },
            pair: { [pairing = router.pairing] in
                // Spoken only: the code stays out of stdout and the journal.
                let code = pairing.offer().code
                voice.say(PairingSpeech.text(code: code, listen: reloader.config.web.listen))
                reporter.say("menu: a code pairing a phone with the web view was spoken (good for 5 minutes, once)")
            }))
        await ready(core, config.training, controls: config.midi.controls, reporter: reporter, voice: voice, plan: plan.status)

        let notifier = edges.notifier
        var services: [any Service] = [statistics] + edges.deviceServices(core)
        services.append(ControlSocketService(server: server, control: control))
        if config.listen.driver != .off {
            services.append(ListeningService(core: core, config: config.listen, reporter: reporter, capture: edges.capture))
        }
        if let classes {
            // Told of each session's end, to push its answers then.
            await core.follow(with: classes)
            services.append(classes)
        }
        if let hangups = edges.hangups {
            services.append(ReloadService(hangups: hangups, reloader: reloader, core: core, reporter: reporter, notifier: notifier, plan: plan,
                                          assigned: { classes?.assignedPlan }))
        }
        if let interval = notifier.watchdogInterval {
            services.append(WatchdogService(core: core, notifier: notifier, interval: interval))
        }
        services.append(CoreService(core: core, notifier: notifier))
        let group = ServiceGroup(services: services, gracefulShutdownSignals: edges.shutdownSignals, logger: logger)
        return DaemonApplication(core: core, server: server, group: group)
    }

    /// Runs every part until one of the edges' shutdown signals or `shutDown()`, then shuts them
    /// down gracefully in reverse order: the core first, the statistics writer last. Then the
    /// core lets go of what it was wired with (`DaemonCore.detach`), so that all of it is freed.
    public func run() async throws {
        do {
            try await group.run()
        } catch {
            await core.detach()
            throw error
        }
        await core.detach()
    }

    /// Starts the graceful shutdown a signal would (a test's SIGTERM, without a process).
    public func shutDown() async {
        await group.triggerGracefulShutdown()
    }

    /// Makes the configured exercise ready for the first key, and says so (with the gestures that
    /// control it, by voice); with
    /// `training.autostart` it begins at once instead.
    static func ready(_ core: DaemonCore, _ training: TrainingConfig, controls: KeyboardControls = .standard, reporter: StdoutReporter,
                      voice: VoiceFollower? = nil, plan: PlanStatus? = nil) async {
        await core.prepare(training.defaultExercise)
        let exercise = await core.readyExercise ?? training.defaultExercise  // the plan's lesson, when one is followed
        if training.autostart {
            // Validated with the file: the config refuses an exercise the engine cannot run.
            try? await core.start(exercise)
        } else if let line = await core.readyAnnouncement {
            reporter.say(line)
            let guide = controls.spokenGuide
            let what = plan.flatMap { $0.complete ? nil : "lesson \($0.lesson): \($0.title)" }
                ?? "ready: " + SpokenText.readable(exercise.options.summary)
            voice?.say(what + ". Play any key to begin." + (guide.isEmpty ? "" : " " + guide))
        }
    }

    /// The keyboard menu's choices: the tuning and sound kept as the student's settings, then
    /// the session started as `session.start` would with the kind and its params.
    static func apply(menu choices: [String: JSONValue], reloader: ConfigReloader, core: DaemonCore, router: RequestRouter,
                      reporter: StdoutReporter) async {
        var params = choices
        var kept: [(key: String, value: String)] = []
        for (page, key) in [("tuning", "training.tuning"), ("sound", "training.sound_source")] {
            guard case .string(let value)? = params.removeValue(forKey: page) else { continue }
            kept.append((key, StudentSettings.tomlText(string: value)))
        }
        if let value = params.removeValue(forKey: "keys"), let keys = KeyboardMenu.keys(in: value) {
            let lowest = ("training.lowest_note", StudentSettings.tomlText(string: keys.lowerBound.spelled.description))
            let highest = ("training.highest_note", StudentSettings.tomlText(string: keys.upperBound.spelled.description))
            // One bound at a time: set first the one that keeps the range in order.
            let inOrder = keys.lowerBound > reloader.config.training.settings.noteRange.upperBound
            kept += inOrder ? [highest, lowest] : [lowest, highest]
        }
        for (key, value) in kept {
            do { try reloader.setStudent(key, toTOML: value) } catch {
                reporter.say("menu: \(key) not kept: \(error)", warning: true)
            }
        }
        await core.apply(reloader.config.training.settings)
        guard case .string(let kind)? = params.removeValue(forKey: "kind") else { return }
        do {
            try await router.start(kind: kind, params: params)
        } catch {
            reporter.say("menu: the session could not start: \(error.message)", warning: true)
        }
    }

    /// Every stored answer as the spaced-repetition schedule reads it, by profile: a first try
    /// right, or a wrong note (a miss); later right tries add nothing. Statistics that cannot be
    /// read leave the schedules empty. Read a page at a time: the whole history's records are
    /// never in memory at once.
    static func reviewAnswers(_ store: any StatisticsStore) -> [String: [ReviewAnswer]] {
        var byProfile: [String: [ReviewAnswer]] = [:]
        var after: AnswerPosition?
        repeat {
            guard let page = try? store.answers(profile: nil, after: after, limit: 5000) else { return [:] }
            for answer in page.lazy.map(\.answer) where answer.attempt == 1 || !answer.correct {
                guard let subject = answer.item else { continue }
                let item = "\(answer.exercise.rawValue)/\(subject.category):\(subject.label)"
                byProfile[answer.profile, default: []].append(
                    ReviewAnswer(item: item, correct: answer.correct && answer.attempt == 1, time: answer.time.timeIntervalSince1970))
            }
            after = page.count == 5000 ? page.last?.position : nil
        } while after != nil
        return byProfile
    }

    /// Who may control: the daemon's user, root, and the config's control group if it exists.
    static func policy(_ config: SocketConfig, reporter: StdoutReporter) -> AccessPolicy {
        guard let name = config.controlGroup else { return AccessPolicy() }
        guard let group = getgrnam(name) else {
            reporter.say("socket.control_group '\(name)' does not exist; only this user and root may control", warning: true)
            return AccessPolicy()
        }
        return AccessPolicy(controlGroup: group.pointee.gr_gid)
    }
}
