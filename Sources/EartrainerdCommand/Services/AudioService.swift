import Daemon
import DaemonApp
import FluidSynthAudio
import ServiceLifecycle

/// Keeps the audio device open (retrying while it cannot be opened, reopening it when it is lost)
/// until shutdown, and reports each change of the device as a device event (stdout, subscribers).
struct AudioService: Service {
    let output: AudioOutputService
    let core: DaemonCore

    func run() async throws {
        await runTogetherUntilShutdown({ await output.run() }, beside: {
            for await status in output.changes { await core.deviceChanged(Self.describe(status)) }
        })
        output.close()
    }

    static func describe(_ status: AudioOutputService.Status) -> String {
        switch status {
        case .starting: "audio output: opening"
        case .playing(let device): "audio output: playing on \(device)"
        case .silent(let reason): "audio output: silent: \(reason)"
        }
    }
}
