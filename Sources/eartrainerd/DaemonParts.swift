import Daemon
import FluidSynthAudio
import Logging
import ServiceLifecycle

/// The real parts the daemon is built from, and the services that keep them running.
struct DaemonParts {
    let sound: any SoundOutput
    let keyboardStatus: @Sendable () -> KeyboardStatus
    let services: [any Service]

    /// `audio` false runs silent without opening any device (the keyboard's own sound, or tests).
    static func make(audio: Bool, configuration: AudioConfiguration, logger: Logger) -> DaemonParts {
        let keyboardStatus: @Sendable () -> KeyboardStatus = {
            KeyboardStatus(sequencerOpen: false, keyboards: [], problem: "no keyboard input in this build")
        }
        guard audio else {
            return DaemonParts(
                sound: RecordingSoundOutput(status: SoundStatus(deviceOpen: false, detail: "audio off (--audio off)")),
                keyboardStatus: keyboardStatus, services: [])
        }
        let (renderer, problem) = AudioSetup.makeRenderer(configuration, logger: logger)
        let output = AudioOutputService(configuration: configuration, renderer: renderer, logger: logger)
        let sound = CelloSoundOutput(renderer: renderer, output: output, celloProblem: problem.map { "\($0)" })
        return DaemonParts(sound: sound, keyboardStatus: keyboardStatus, services: [AudioService(output: output)])
    }
}
