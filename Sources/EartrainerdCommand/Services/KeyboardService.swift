import ALSASequencer
import Daemon
import ServiceLifecycle

/// Reads the keyboards through the ALSA sequencer until shutdown: every message goes to the core
/// (stamped with its age, so response times count from when the key was played) unless it is too
/// late to be an answer (`LateNoteFilter`), every change of keyboards, every overrun and every run
/// of late notes is reported as a device event.
struct KeyboardService: Service {
    let input: KeyboardInput
    let core: DaemonCore

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { try await input.run() }
                var late = LateNoteFilter()
                for await event in input.events {
                    switch event {
                    case .message(let message, let arrival):
                        let age = ContinuousClock.now - arrival
                        switch late.decide(message.keyboardKind, age: age) {
                        case .pass:
                            await core.keyboard(message.keyboardKind, arrivedAt: arrival)
                        case .drop:
                            // A backlog of late notes needs no await of its own: let the socket's
                            // tasks (a `status` during a flood) have the thread between them.
                            await Task.yield()
                        case .dropAndReport(let total):
                            await core.deviceChanged(
                                "MIDI input behind: notes played over \(late.limit) ago are dropped (\(total) so far)")
                        }
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
