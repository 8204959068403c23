import ALSACapture
import ALSASequencer
import ArgumentParser
import ConfigFile
import Daemon
import DaemonApp
import FluidSynthAudio
import Foundation
import Logging
import ServiceLifecycle
import SoundInput
import Statistics
import Training
import UnixSignals

/// `eartrainerd [run]`: the long-running daemon.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the daemon in the foreground (the default).",
        discussion: """
            Prints one line per event on stdout and serves the control socket. SIGTERM or SIGINT end it
            gracefully: the session's results are reported and stored, the sound stops, the socket file
            goes. SIGHUP re-reads the config file.
            """
    )

    @Option(help: "The config file (default: $EARTRAINER_CONFIG, /etc/eartrainer/eartrainer.toml, built-in defaults).")
    var config: String?

    @Option(help: "The control socket's path (default: the config's socket.path, $RUNTIME_DIRECTORY, $XDG_RUNTIME_DIR or ./run).")
    var socket: String?

    @Option(help: "The student profile answers are recorded under (default: the config's storage.profile).")
    var profile: String?

    @Option(name: .customLong("log-format"), help: "How events are printed on stdout: human or json.")
    var logFormat: StdoutReporter.Format = .human

    @Option(help: "Seed for the first session's random choices (sessions may bring their own).")
    var seed: UInt64?

    @Option(name: .customLong("max-clients"), help: "Control-socket clients served at once (default: the config's socket.max_clients).")
    var maxClients: Int?

    @Option(help: "on: sound prompts and keys through FluidSynth; off: stay silent and open no device.")
    var audio: Switch = .on

    func run() async throws {
        // A reader of stdout that goes away must not kill the daemon: writes fail with EPIPE instead.
        signal(SIGPIPE, SIG_IGN)
        // SIGHUP's default ends the process: ignored until it is trapped (below, before the socket
        // appears), so one sent during start-up neither kills the daemon nor waits for a reload.
        signal(SIGHUP, SIG_IGN)
        let environment = ProcessInfo.processInfo.environment
        let reporter = StdoutReporter(format: logFormat, environment: environment)
        defer { reporter.flush() }  // the last lines (the session's end) before the process exits
        let notifier = SystemdNotifier(environment: environment)
        var logger = Logger(label: "eartrainerd") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .warning

        let reloader = try loadConfig(environment: environment, logger: logger)
        let config = reloader.config
        let profile = try chosenProfile(config)

        let parts = DaemonParts.make(
            audio: audio == .on,
            configuration: config.audio.fluidConfiguration(noteDuration: config.training.settings.noteDuration, environment: environment),
            voiceData: config.voice.dataPath, keyboards: config.midi.keyboards, logger: logger)
        let store = SQLiteStatisticsStore.open(
            path: config.storage.database ?? StatisticsLocation.defaultPath(environment: environment), logger: logger)
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        let control = try ControlSocket.open(option: socket, config: config.socket, environment: environment)
        let app = try await DaemonApplication.build(
            config: reloader, options: DaemonOptions(profile: profile, seed: seed, maxClients: maxClients),
            edges: DaemonEdges(
                sound: parts.sound, keyboardStatus: parts.keyboardStatus, deviceServices: parts.services, statistics: store,
                listener: control.listener, reporter: reporter, notifier: notifier, hangups: hangups,
                shutdownSignals: [.sigterm, .sigint], capture: Self.capture),
            logger: logger)
        reporter.say("\(DaemonCore.version): control socket at \(control.description); config: \(reloader.source)")
        let core = app.core
        async let running: Void = app.run()
        await announceReadiness(core: core, reporter: reporter, notifier: notifier)
        try await running
    }

    /// The listening input's capture device: `default` or an ALSA name as it is, a piece of a
    /// card's name as that card (found again at every attempt, as the sound device is).
    static let capture: @Sendable (String) throws -> any SampleSource = { device in
        try ALSACaptureSource(device: ALSADevice(parsing: device).target(among: SoundCard.present()).device)
    }

    /// The config in force, or exit 78 with `FILE:LINE: KEY: problem` on stderr.
    private func loadConfig(environment: [String: String], logger: Logger) throws -> ConfigReloader {
        let source = ConfigSource.resolve(
            commandLine: config, environment: environment, fileExists: { FileManager.default.fileExists(atPath: $0) })
        do {
            let check = IsolatedConfigCheck.daemon
            // The student's settings live beside the statistics, in the state directory.
            let studentPath = StatisticsLocation.defaultPath(environment: environment).map {
                ($0 as NSString).deletingLastPathComponent + "/student.toml"
            }
            return ConfigReloader(source: source, initial: try check.load(source), logger: logger, load: check.load,
                                  studentPath: studentPath)
        } catch {
            printError("eartrainerd: \(error)")
            throw ExitCode(ConfigError.exitCode)
        }
    }

    private func chosenProfile(_ config: EartrainerConfig) throws -> String {
        let profile = self.profile ?? config.storage.profile
        guard StorageConfig.isValidProfile(profile) else {
            printError("eartrainerd: profile '\(profile)': \(ProfileName.rule)")
            throw ExitCode(64)
        }
        return profile
    }

    /// Once the devices have had their first try, says what is missing (stdout and systemd's
    /// STATUS=) and sends READY=1.
    private func announceReadiness(core: DaemonCore, reporter: StdoutReporter, notifier: SystemdNotifier) async {
        let deadline = ContinuousClock.now + .seconds(5)
        var status = await core.status()
        while status.devices.soundDevice == FluidSynthSoundOutput.opening || status.devices.missing.contains(where: { $0.contains("opening the ALSA") }),
              ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
            status = await core.status()
        }
        for missing in status.devices.missing { reporter.say("missing: \(missing)", warning: true) }
        let readiness = status.devices.missing.isEmpty ? "ready" : "running without " + status.devices.missing.joined(separator: "; ")
        notifier.ready(status: readiness)
    }
}

extension StdoutReporter.Format: ExpressibleByArgument {}

/// An on/off option.
enum Switch: String, ExpressibleByArgument, Sendable {
    case on, off
}

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
