import ArgumentParser
import ConfigFile
import Training
import ControlProtocol
import Foundation
import Hummingbird
import Logging
import WebView

/// `eartrainer-web`: the live session in a browser, a client of the daemon's control socket. Its
/// `main()` is the program `eartrainer-web`, run by the executable of that name and by the
/// all-in-one binary.
public struct EartrainerWeb: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "eartrainer-web",
        abstract: "Serve the live session to a browser (a client of eartrainerd's socket; docs/web.md).")

    @Option(help: "The daemon's control socket (default: $EARTRAINER_SOCKET, $XDG_RUNTIME_DIR/eartrainer.sock, /run/eartrainer/eartrainer.sock, ./run/eartrainer.sock).")
    var socket: String?

    @Option(help: "The config file whose [web] section is read (default: $EARTRAINER_CONFIG, then /etc/eartrainer/eartrainer.toml).")
    var config: String?

    @Option(help: "ADDR:PORT to listen on, over the config's web.listen (default 127.0.0.1:8750); anything but loopback opens the view to the network.")
    var listen: String?

    @Option(help: "The file that keeps paired browsers across restarts (default: $STATE_DIRECTORY/paired-browsers when systemd gives one; else none: a restart unpairs).")
    var pairings: String?

    public init() {}

    public func validate() throws {
        if let listen {
            do throws(InvalidListenAddress) { _ = try ListenAddress(parsing: listen) } catch { throw ValidationError(error.description) }
        }
    }

    public func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let source = ConfigSource.resolve(commandLine: config, environment: environment, fileExists: FileManager.default.fileExists(atPath:))
        var web: WebConfig
        do throws(ConfigError) { web = try ConfigLoader.load(source).web } catch {
            FileHandle.standardError.write(Data("eartrainer-web: \(error.description)\n".utf8))
            throw ExitCode(78)
        }
        if let listen { web.listen = try ListenAddress(parsing: listen) }
        let pairingFile = pairings ?? environment["STATE_DIRECTORY"].flatMap { $0.split(separator: ":").first }.map { "\($0)/paired-browsers" }
        let path = SocketPathResolver.resolve(option: socket, environment: environment)
        var logger = Logger(label: "eartrainer-web")
        logger.logLevel = .info
        logger.info("following the daemon", metadata: [
            "socket": "\(path)", "listen": "\(web.listen)", "viewing": "\(web.viewing.rawValue)", "config": "\(source)",
        ])
        let configuration = WebConfiguration(listen: web.listen, viewing: web.viewing, browsers: PairedBrowsers(file: pairingFile))
        let app = buildApplication(configuration: configuration, daemon: SocketDaemon(path: path), logger: logger)
        try await app.runService()
    }
}
