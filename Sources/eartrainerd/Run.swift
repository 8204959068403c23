import ArgumentParser
import ControlServer
import Daemon
import Foundation
import Logging
import ServiceLifecycle
import Training

/// `eartrainerd [run]`: the long-running daemon.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the daemon in the foreground (the default).",
        discussion: """
            Prints one line per event on stdout and serves the control socket. SIGTERM or SIGINT end it
            gracefully: the session's results are reported, the sound stops, the socket file goes.
            """
    )

    @Option(help: "The control socket's path (default: $RUNTIME_DIRECTORY, $XDG_RUNTIME_DIR or ./run).")
    var socket: String?

    @Option(name: .customLong("log-format"), help: "How events are printed on stdout: human or json.")
    var logFormat: StdoutReporter.Format = .human

    @Option(help: "Seed for the first session's random choices (sessions may bring their own).")
    var seed: UInt64?

    @Option(name: .customLong("max-clients"), help: "Control-socket clients served at once.")
    var maxClients = 64

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let reporter = StdoutReporter(format: logFormat, environment: environment)
        let notifier = SystemdNotifier(environment: environment)
        var logger = Logger(label: "eartrainerd") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .warning

        let parts = DaemonParts.make()
        let core = DaemonCore(settings: .cello, sound: parts.sound, keyboardStatus: parts.keyboardStatus, seed: seed)
        await core.follow(with: reporter)

        let listener: UnixListener
        let socketDescription: String
        do {
            switch SocketLocation.resolve(option: socket, environment: environment) {
            case .path(let path):
                listener = try UnixListener.bind(path: path)
                socketDescription = path
            case .activated(let fd):
                listener = try UnixListener.adopt(fd: fd)
                socketDescription = "systemd socket (fd \(fd))"
            }
        } catch {
            printError("eartrainerd: \(error)")
            throw ExitCode(69)  // EX_UNAVAILABLE
        }
        let server = try ControlServer(
            listener: listener, greeting: ControlService.greeting,
            refusals: ControlService.refusals(maxClients: maxClients), limits: ServerLimits(maxClients: maxClients))
        let control = ControlService(server: server, router: RequestRouter(core: core, policy: AccessPolicy()))
        await core.follow(with: control)
        server.start()

        reporter.say("\(DaemonCore.version): control socket at \(socketDescription)")
        let status = await core.status()
        for missing in status.devices.missing { reporter.say("missing: \(missing)", warning: true) }
        let readiness = status.devices.missing.isEmpty ? "ready" : "running without " + status.devices.missing.joined(separator: "; ")
        notifier.ready(status: readiness)

        var services: [any Service] = [ControlSocketService(server: server, control: control)]
        if let interval = notifier.watchdogInterval {
            services.append(WatchdogService(core: core, notifier: notifier, interval: interval))
        }
        services.append(CoreService(core: core, notifier: notifier))
        let group = ServiceGroup(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        try await group.run()
    }
}

extension StdoutReporter.Format: ExpressibleByArgument {}

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
