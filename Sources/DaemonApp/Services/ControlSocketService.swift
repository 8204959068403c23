import ControlServer
import Daemon
import ServiceLifecycle

/// Serves the control socket until shutdown; then closes every client and removes the socket file.
/// Answering starts here, once the service group (and its SIGTERM handling) runs: clients that
/// connect earlier wait in the listen backlog, so no reply, not even a quick `status`, comes from a
/// daemon that a signal could still end without its graceful shutdown.
struct ControlSocketService: Service {
    let server: ControlServer
    let control: ControlService

    func run() async throws {
        server.start()
        await withGracefulShutdownHandler {
            await control.run()
        } onGracefulShutdown: {
            server.stop()
        }
    }
}
