import ALSASequencer
import Daemon
import ServiceLifecycle

/// Reads the keyboards through the ALSA sequencer until shutdown: every message goes to the core
/// (stamped with its age, so response times count from when the key was played), every change of
/// keyboards and every overrun is reported as a device event.
struct KeyboardService: Service {
    let input: KeyboardInput
    let core: DaemonCore

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { try await input.run() }
                for await event in input.events {
                    switch event {
                    case .message(let message, let arrival):
                        await core.keyboard(message.keyboardKind, age: ContinuousClock.now - arrival)
                    case .status(let status):
                        await core.deviceChanged("keyboard input: \(status)")
                    case .overrun(let total):
                        await core.deviceChanged("MIDI input overrun (\(total) so far): events were lost, held notes released")
                    }
                }
            }
        }
    }
}
