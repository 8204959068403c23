import ControlServer
import Daemon
import ServiceLifecycle
import SoundInput
import Statistics
import Training
import UnixSignals

/// What the daemon meets outside itself: the keyboards, the sound, the statistics store, the
/// clock, the control listener, stdout, systemd and SIGHUP. `eartrainerd run` passes the real
/// ones (ALSA, FluidSynth, SQLite, a socket file); tests pass fakes and adopt socket pairs.
public struct DaemonEdges: Sendable {
    /// Where prompts and keys are sounded.
    public var sound: any SoundOutput
    /// What the keyboard part knows of its devices, asked at each `status`.
    public var keyboardStatus: @Sendable () -> KeyboardStatus
    /// Services that keep the devices running and feed the core (keys, device changes); none for a
    /// daemon whose keys come only from `notes.play`.
    public var deviceServices: @Sendable (DaemonCore) -> [any Service]
    /// Where answers and sessions are kept.
    public var statistics: any StatisticsStore
    /// The engine's time.
    public var clock: any TrainingClock & Sendable
    /// The control socket's listener (a socket file, systemd's socket, or one nobody can find by
    /// name, for a daemon whose clients are all adopted with `ControlServer.adopt(connected:)`).
    public var listener: UnixListener
    /// Where events are printed.
    public var reporter: StdoutReporter
    /// systemd's notify socket (does nothing without `$NOTIFY_SOCKET`).
    public var notifier: SystemdNotifier
    /// SIGHUP, trapped before the listener opened; nil: the config is never reloaded.
    public var hangups: UnixSignalsSequence?
    /// The signals that shut the daemon down gracefully (SIGTERM, SIGINT for a process; none in
    /// a test, which calls `DaemonApplication.shutDown()`).
    public var shutdownSignals: [UnixSignal]
    /// The listening input's capture device for `[listen] driver = "alsa"`, by the config's
    /// `device`; nil: this daemon has none (the `file` driver needs no edge).
    public var capture: (@Sendable (String) throws -> any SampleSource)?

    public init(
        sound: any SoundOutput, keyboardStatus: @escaping @Sendable () -> KeyboardStatus = { .absent },
        deviceServices: @escaping @Sendable (DaemonCore) -> [any Service] = { _ in [] },
        statistics: any StatisticsStore, clock: any TrainingClock & Sendable = SystemTrainingClock(),
        listener: UnixListener, reporter: StdoutReporter, notifier: SystemdNotifier = SystemdNotifier(environment: [:]),
        hangups: UnixSignalsSequence? = nil, shutdownSignals: [UnixSignal] = [],
        capture: (@Sendable (String) throws -> any SampleSource)? = nil
    ) {
        self.capture = capture
        self.sound = sound
        self.keyboardStatus = keyboardStatus
        self.deviceServices = deviceServices
        self.statistics = statistics
        self.clock = clock
        self.listener = listener
        self.reporter = reporter
        self.notifier = notifier
        self.hangups = hangups
        self.shutdownSignals = shutdownSignals
    }
}
