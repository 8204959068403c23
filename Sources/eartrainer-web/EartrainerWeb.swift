import ArgumentParser
import ControlProtocol
import Foundation
import Hummingbird
import Logging
import WebView

/// `eartrainer-web`: the live session in a browser, a client of the daemon's control socket.
@main
struct EartrainerWeb: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eartrainer-web",
        abstract: "Serve the live session to a browser (a client of eartrainerd's socket; docs/web.md).")

    @Option(help: "The daemon's control socket (default: $EARTRAINER_SOCKET, $XDG_RUNTIME_DIR/eartrainer.sock, /run/eartrainer/eartrainer.sock, ./run/eartrainer.sock).")
    var socket: String?

    @Option(help: "ADDR:PORT to listen on; anything but loopback opens the view to the network.")
    var listen = ListenAddress.standard.description

    func validate() throws {
        do { _ = try ListenAddress(parsing: listen) } catch { throw ValidationError(error.description) }
    }

    func run() async throws {
        let address = try ListenAddress(parsing: listen)
        let path = SocketPathResolver.resolve(option: socket, environment: ProcessInfo.processInfo.environment)
        var logger = Logger(label: "eartrainer-web")
        logger.logLevel = .info
        logger.info("following the daemon", metadata: ["socket": "\(path)", "listen": "\(address)"])
        let app = buildApplication(configuration: WebConfiguration(listen: address), daemon: SocketDaemon(path: path), logger: logger)
        try await app.runService()
    }
}
