import Daemon

/// The real parts the daemon is built from. Until the keyboard and audio parts are wired in, the
/// daemon runs with no keyboard input and no sound, and says so.
struct DaemonParts {
    let sound: any SoundOutput
    let keyboardStatus: @Sendable () -> KeyboardStatus

    static func make() -> DaemonParts {
        DaemonParts(
            sound: RecordingSoundOutput(status: SoundStatus(deviceOpen: false, detail: "no audio output in this build")),
            keyboardStatus: { KeyboardStatus(sequencerOpen: false, keyboards: [], problem: "no keyboard input in this build") })
    }
}
