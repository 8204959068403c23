import ControlServer
import Daemon
import ServiceLifecycle

/// Serves the control socket until shutdown; then closes every client and removes the socket file.
struct ControlSocketService: Service {
    let server: ControlServer
    let control: ControlService

    func run() async throws {
        await withGracefulShutdownHandler {
            await control.run()
        } onGracefulShutdown: {
            server.stop()
        }
    }
}
