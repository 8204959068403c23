import Daemon
import ServiceLifecycle

/// Holds the core until shutdown; then ends the session (its results are reported and stored) and
/// stops the sound. It is the last service in the group, so it shuts down first.
struct CoreService: Service {
    let core: DaemonCore
    let notifier: SystemdNotifier

    func run() async throws {
        try? await gracefulShutdown()
        notifier.stopping()
        await core.shutdown()
    }
}
