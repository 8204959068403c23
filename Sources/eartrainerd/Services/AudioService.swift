import FluidSynthAudio
import ServiceLifecycle

/// Keeps the audio device open (retrying while it cannot be opened) until shutdown.
struct AudioService: Service {
    let output: AudioOutputService

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            await output.run()
        }
        output.close()
    }
}
