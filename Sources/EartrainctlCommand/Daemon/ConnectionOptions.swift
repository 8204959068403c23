import ArgumentParser
import ControlClient
import ControlProtocol
import Foundation

/// `--socket PATH` and `--json`, on every command that talks to the daemon.
struct ConnectionOptions: ParsableArguments {
    @Option(help: "The daemon's control socket (default: $EARTRAINER_SOCKET, $XDG_RUNTIME_DIR/eartrainer.sock, /run/eartrainer/eartrainer.sock, ./run/eartrainer.sock).")
    var socket: String?

    @Flag(help: "Print the daemon's answer as JSON.")
    var json = false

    var path: String { SocketPathResolver.resolve(option: socket, environment: ProcessInfo.processInfo.environment) }

    /// Connects, or exits 69 with a message that says what to do.
    func connect() async throws -> ControlConnection {
        let candidates = SocketPathResolver.candidates(option: socket, environment: ProcessInfo.processInfo.environment)
        guard candidates.contains(where: { FileManager.default.fileExists(atPath: $0) }) else {
            printError("eartrainctl: no daemon: no socket at \(candidates.joined(separator: ", ")); "
                + "is eartrainer.service running? (start one with `make run`, or give --socket PATH)")
            throw ExitCode(ExitCodes.noDaemon)
        }
        do {
            return try await ControlConnection(path: path)
        } catch {
            printError("eartrainctl: \(error)")
            throw ExitCode(ExitCodes.noDaemon)
        }
    }

    /// Calls one method and returns its result; a daemon error is printed and exits non-zero.
    func call(_ method: String, params: JSONValue? = nil, onNotification: (RPCNotification) -> Void = { _ in }) async throws -> JSONValue {
        let connection = try await connect()
        return try await Self.call(connection, method, params: params, onNotification: onNotification)
    }

    static func call(_ connection: ControlConnection, _ method: String, params: JSONValue? = nil,
                     onNotification: (RPCNotification) -> Void = { _ in }) async throws -> JSONValue {
        let response: RPCResponse
        do {
            response = try await connection.call(method, params: params, onNotification: onNotification)
        } catch {
            printError("eartrainctl: \(error)")
            throw ExitCode(ExitCodes.protocolError)
        }
        if let error = response.error {
            printError("eartrainctl: \(error.message)")
            throw ExitCode(error.code == RPCError.permissionDenied("").code ? ExitCodes.permissionDenied : ExitCodes.daemonError)
        }
        return response.result ?? .null
    }
}

/// What eartrainctl's exit status means (sysexits.h where one fits).
enum ExitCodes {
    /// The daemon answered with an error (no session running, bad params, …).
    static let daemonError: Int32 = 1
    /// The command line was wrong.
    static let usage: Int32 = 64
    /// No daemon answers at the socket.
    static let noDaemon: Int32 = 69
    /// An output file could not be written.
    static let cannotWrite: Int32 = 73
    /// The daemon's answer could not be read.
    static let protocolError: Int32 = 76
    /// The daemon refused: control methods are for its user, root or its control group.
    static let permissionDenied: Int32 = 77
}
