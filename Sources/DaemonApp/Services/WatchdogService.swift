import Daemon
import ServiceLifecycle

/// Pings systemd's watchdog, but only after the core has answered: a hung core stops the pings and
/// systemd restarts the daemon.
struct WatchdogService: Service {
    let core: DaemonCore
    let notifier: SystemdNotifier
    let interval: Duration

    func run() async throws {
        // Shutdown cancels the sleep; that is the normal way out, not a failure.
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                _ = await core.ping()
                notifier.watchdog()
                try? await Task.sleep(for: interval)
            }
        }
    }
}
