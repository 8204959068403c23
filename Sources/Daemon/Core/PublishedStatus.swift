import ControlProtocol
import MusicTheory
import Synchronization
import Training

/// What `status` reads of the core, published after every change to it, so that a `status`
/// needs no turn on the actor: the control socket answers it on its own thread, as fresh as the
/// last change published. The devices' part is read when asked (the keyboards and the sound
/// change on their own) and built again only when it changed.
final class PublishedStatus: Sendable {
    struct Parts: Sendable {
        var tracker: SessionTracker
        var tuning: TuningSystem
        var clef: Clef = .auto
        /// Asked at each `status`: the store's state changes on its own (a full disk, space freed).
        var storage: @Sendable () -> DaemonCore.StorageState
        /// Asked at each `status`: where the student is in the lesson plan.
        var plan: @Sendable () -> PlanStatus? = { nil }
        /// The running session's student, when it names one.
        var profile: String? = nil
        /// What the next key begins, as `status` shows it; nil while a session runs.
        var ready: ReadyStatus? = nil
        /// The last event reported when these parts were taken: `status` reflects it and those before.
        var seq = 0
    }

    private let parts: Mutex<Parts>
    private let devicesMemo = Memo<DeviceInputs, DevicesStatus>()

    init(_ parts: Parts) {
        self.parts = Mutex(parts)
    }

    func publish(_ new: Parts) {
        parts.withLock { $0 = new }
    }

    /// The status at `now`, with the keyboards and the sound as they are.
    func status(version: String, now: Duration, keyboards: KeyboardStatus, sound: SoundStatus, listen: ListenStatus? = nil) -> StatusResult {
        let parts = parts.withLock { $0 }
        let storage = parts.storage()
        return StatusResult(
            daemon: version, uptimeSeconds: now.secondsToTheMillisecond,
            session: parts.tracker.status(now: now, tuning: parts.tuning, clef: parts.clef),
            devices: devicesMemo.value(for: DeviceInputs(keyboards: keyboards, sound: sound, listen: listen), Self.devices),
            storage: storage.summary, database: storage.database, profile: parts.profile ?? storage.profile, ready: parts.ready,
            plan: parts.plan(), seq: parts.seq)
    }

    private struct DeviceInputs: Equatable, Sendable {
        var keyboards: KeyboardStatus
        var sound: SoundStatus
        var listen: ListenStatus?
    }

    /// The devices' part of `status`, and what is missing in words.
    private static func devices(_ inputs: DeviceInputs) -> DevicesStatus {
        let (keyboards, soundStatus) = (inputs.keyboards, inputs.sound)
        var missing: [String] = []
        if !keyboards.sequencerOpen {
            missing.append("ALSA sequencer: \(keyboards.problem ?? "not open")")
        } else if keyboards.keyboards.isEmpty {
            missing.append("keyboard: none connected")
        }
        if !soundStatus.deviceOpen { missing.append("sound: \(soundStatus.detail)") }
        if let listen = inputs.listen, !listen.listening { missing.append("listen: \(listen.problem ?? "not listening")") }
        return DevicesStatus(
            sequencer: keyboards.sequencerOpen, keyboard: !keyboards.keyboards.isEmpty, keyboards: keyboards.keyboards,
            sound: soundStatus.deviceOpen, soundDevice: soundStatus.detail, missing: missing, inputToSound: soundStatus.inputToSound,
            listen: inputs.listen)
    }
}
