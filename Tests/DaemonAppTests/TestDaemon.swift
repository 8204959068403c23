import ConfigFile
import ControlClient
import ControlProtocol
import ControlServer
import Daemon
import DaemonApp
import DaemonTestSupport
import Foundation
import Glibc
import Logging
import Statistics
import Synchronization

/// The whole daemon, built by `DaemonApplication.build` and running in this process with the
/// shipped config, no sound, no keyboard and an in-memory statistics store unless a test gives
/// another. Clients are socket pairs the server adopts: no socket file, no process, no polling
/// for a process to start. Only for `eartrainctl`, a process of its own, does it listen on a
/// socket file (`socketFile`).
final class TestDaemon {
    let app: DaemonApplication
    let sound: RecordingSoundOutput
    /// A temporary folder of its own, removed with it.
    let folder: URL
    /// Where it listens when made with `socketFile`.
    let socketPath: String
    private let running: Task<Void, any Error>
    /// Set once `run()` has returned or thrown.
    private let ended = Flag()
    private let stdoutPipe = Pipe.forChild()
    private let stdoutText = PipeText()
    private let reporter: StdoutReporter

    static let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The package's folder, for the shipped config.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The config the real daemon's tests start with: config/eartrainer.toml.
    static func shippedConfig() throws -> ConfigReloader {
        let source = ConfigSource.commandLine(repository.appendingPathComponent("config/eartrainer.toml").path)
        return ConfigReloader(source: source, initial: try ConfigLoader.load(source), logger: logger)
    }

    /// Builds and starts the daemon (with the shipped config unless `config` is given, with no sound
    /// device unless `sound` is given); stdout lines (human, or as `--log-format json` writes them)
    /// are gathered for `stdout`.
    init(profile: String = "default", maxClients: Int? = nil, statistics: any StatisticsStore = MemoryStatisticsStore(),
         socketFile: Bool = false, stdoutFormat: StdoutReporter.Format = .human, config: ConfigReloader? = nil,
         sound: RecordingSoundOutput? = nil) async throws {
        // As `eartrainerd run` does: a reader that went away (a test's stdout pipe, a client) makes
        // writes fail with EPIPE instead of ending the process.
        signal(SIGPIPE, SIG_IGN)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("etd-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        socketPath = folder.appendingPathComponent("eartrainer.sock").path
        let listener = socketFile ? try UnixListener.bind(path: socketPath) : try UnixListener.unnamed()
        let sound = sound ?? RecordingSoundOutput(status: SoundStatus(deviceOpen: false, detail: "audio off (--audio off)"))
        let reporter = StdoutReporter(format: stdoutFormat, environment: [:], output: stdoutPipe.fileHandleForWriting.fileDescriptor)
        let app = try await DaemonApplication.build(
            config: try config ?? Self.shippedConfig(), options: DaemonOptions(profile: profile, maxClients: maxClients),
            edges: DaemonEdges(sound: sound, statistics: statistics, listener: listener, reporter: reporter),
            logger: Self.logger)
        self.app = app
        self.sound = sound
        self.reporter = reporter
        running = Task { [ended] in
            defer { ended.set() }
            try await app.run()
        }
        resumeStdoutReader()
    }

    /// A test that did not stop its daemon leaves it shutting down gracefully (a cancelled
    /// group would leave the statistics writer's thread waiting).
    deinit {
        stdoutPipe.fileHandleForReading.readabilityHandler = nil
        Task { [app, running, stdoutPipe, folder] in
            await app.shutDown()
            _ = try? await running.value
            withExtendedLifetime(stdoutPipe) {}  // its last lines still have a reader
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// A new client: one end of a socket pair, the other adopted by the daemon's server. Each of
    /// its waits lasts up to five minutes, not eartrainctl's 10 s: this daemon's tasks share two
    /// cores with the suites beside it, and with a build beside those the pool has stalled for
    /// over a minute; a wait that runs out fails the test all the same.
    func connect() async throws -> ControlConnection {
        try await ControlConnection(connected: rawClient(), timeout: .seconds(300))
    }

    /// A new client's end as a bare descriptor, for a test that must not read (the connection
    /// reads all the daemon sends as it comes); the caller closes it.
    func rawClient() throws -> Int32 {
        let ends = try Self.socketPair()
        app.server.adopt(connected: ends[1])
        return ends[0]
    }

    /// The two ends of a new stream socket pair (closed on exec), for the caller to own.
    static func socketPair() throws -> [Int32] {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        return ends
    }

    /// Whether it is still serving (it has not shut down, nor failed).
    var isRunning: Bool { !ended.isSet }

    /// Runs eartrainctl against this daemon's socket file.
    func ctl(_ arguments: String...) async throws -> Eartrainctl.Output {
        try await Eartrainctl.run(arguments, socket: socketPath)
    }

    /// What the daemon has printed so far (once the lines handed to stdout are written).
    var stdout: String {
        reporter.flush()
        return stdoutText.drained(stdoutPipe.fileHandleForReading.fileDescriptor)
    }

    /// Stops reading stdout without closing it (a paused pager): the pipe fills.
    func pauseStdoutReader() {
        stdoutPipe.fileHandleForReading.readabilityHandler = nil
    }

    /// Reads stdout again.
    func resumeStdoutReader() {
        stdoutPipe.fileHandleForReading.readabilityHandler = { [stdoutText] handle in
            stdoutText.read(handle)
        }
    }

    /// Shuts the daemon down as SIGTERM would and waits for it; false when a service failed.
    @discardableResult
    func stop() async -> Bool {
        await app.shutDown()
        do {
            try await running.value
        } catch {
            return false
        }
        reporter.flush()
        return true
    }
}

/// A flag any thread may set once and read.
final class Flag: Sendable {
    private let value = Mutex(false)

    var isSet: Bool { value.withLock { $0 } }

    func set() {
        value.withLock { $0 = true }
    }
}

/// Text read from the daemon's stdout pipe by its reading handler. A read and its append happen
/// under one lock, so once the pipe is empty under that lock, everything written is in the text.
final class PipeText: Sendable {
    private let storage = Mutex("")

    /// Reads what the pipe holds now (the handler is only called when it holds something).
    func read(_ handle: FileHandle) {
        storage.withLock { $0 += String(decoding: handle.availableData, as: UTF8.self) }
    }

    /// The text, once nothing written to the pipe `fd` reads from is left unread (or after a
    /// second, when nobody reads it).
    func drained(_ fd: Int32) -> String {
        let deadline = ContinuousClock.now + .seconds(1)
        while true {
            let text = storage.withLock { text -> String? in
                var unread: Int32 = 0
                return ioctl(fd, UInt(FIONREAD), &unread) == 0 && unread > 0 ? nil : text
            }
            if let text { return text }
            if ContinuousClock.now > deadline { return storage.withLock { $0 } }
            usleep(1000)
        }
    }
}
