import ControlServer
import Daemon
import ServiceLifecycle

/// Serves the control socket until shutdown: the server's thread and the loop that answers what it
/// reads run together, and shutdown cancels both (every client closed, the socket file removed).
/// Answering starts here, once the service group (and its SIGTERM handling) runs: clients that
/// connect earlier wait in the listen backlog, so no reply, not even a quick `status`, comes from a
/// daemon that a signal could still end without its graceful shutdown.
struct ControlSocketService: Service {
    let server: ControlServer
    let control: ControlService

    func run() async throws {
        await runTogetherUntilShutdown({ await control.run() }, beside: { await server.run() })
    }
}
