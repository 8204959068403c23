import ALSASequencer
import Daemon
import FluidSynthAudio
import Logging
import ServiceLifecycle
import Training

/// The real parts the daemon is built from, and the services that keep them running.
struct DaemonParts {
    let sound: any SoundOutput
    let keyboardStatus: @Sendable () -> KeyboardStatus
    /// Services that need the core (the keyboard feeds it).
    let services: @Sendable (DaemonCore) -> [any Service]

    /// `audio` false runs silent without opening any device (the keyboard's own sound, or tests).
    /// `keyboards` restricts which ports count as keyboards (names or `client:port`; empty: all).
    static func make(audio: Bool, configuration: AudioConfiguration, voiceData: String?, keyboards: [String], logger: Logger) -> DaemonParts {
        let input = KeyboardInput(
            configuration: KeyboardInput.Configuration(keyboards: keyboards.map(KeyboardPattern.init(parsing:))), logger: logger)
        let described = Memo<InputStatus, KeyboardStatus>()  // an error's description, made once
        let keyboardStatus: @Sendable () -> KeyboardStatus = { described.value(for: input.status, KeyboardStatus.init) }
        let keyboardService: @Sendable (DaemonCore) -> [any Service] = { core in [KeyboardService(input: input, core: core)] }
        guard audio else {
            return DaemonParts(
                sound: SilentSoundOutput(status: SoundStatus(deviceOpen: false, detail: "audio off (--audio off)")),
                keyboardStatus: keyboardStatus, services: keyboardService)
        }
        let (renderer, problem) = AudioSetup.makeRenderer(configuration, logger: logger)
        let output = AudioOutputService(configuration: configuration, renderer: renderer,
                                        opener: FluidDeviceOpener(cards: SoundCard.present), logger: logger)
        let sound = FluidSynthSoundOutput(renderer: renderer, output: output, celloProblem: problem.map { "\($0)" },
                                          voice: SpokenOutput(renderer: renderer, dataPath: voiceData))
        return DaemonParts(
            sound: sound, keyboardStatus: keyboardStatus,
            services: { core in [AudioService(output: output, core: core)] + keyboardService(core) })
    }
}
