import ArgumentParser
import ControlClient
import ControlProtocol
import Foundation

/// `--socket PATH`, `--timeout SECONDS` and `--json`, on every command that talks to the daemon.
struct ConnectionOptions: ParsableArguments {
    @Option(help: "The daemon's control socket (default: $EARTRAINER_SOCKET, $XDG_RUNTIME_DIR/eartrainer.sock, /run/eartrainer/eartrainer.sock, ./run/eartrainer.sock).")
    var socket: String?

    @Option(help: ArgumentHelp("Seconds to wait for each answer of the daemon; 0 waits forever (default: $ETCTL_TIMEOUT, or 10).",
                               valueName: "seconds"))
    var timeout: String?

    @Flag(help: "Print the daemon's answer as JSON.")
    var json = false

    var path: String { SocketPathResolver.resolve(option: socket, environment: ProcessInfo.processInfo.environment) }

    func validate() throws {
        _ = try ReplyTimeout(option: timeout, environment: ProcessInfo.processInfo.environment)
    }

    /// How long each wait for the daemon lasts (nil: forever); `validate()` has checked it.
    var wait: Duration? {
        (try? ReplyTimeout(option: timeout, environment: ProcessInfo.processInfo.environment))?.limit ?? ReplyTimeout.standard
    }

    /// Connects, or exits 69 with a message that says what to do.
    func connect() async throws -> ControlConnection {
        let candidates = SocketPathResolver.candidates(option: socket, environment: ProcessInfo.processInfo.environment)
        guard candidates.contains(where: { FileManager.default.fileExists(atPath: $0) }) else {
            printError("eartrainctl: no daemon: no socket at \(candidates.joined(separator: ", ")); "
                + "is eartrainer.service running? (start one with `make run`, or give --socket PATH)")
            throw ExitCode(ExitCodes.noDaemon)
        }
        do {
            return try await ControlConnection(path: path, timeout: wait)
        } catch {
            printError("eartrainctl: \(error)")
            throw ExitCode(Self.isTimeout(error) ? ExitCodes.timedOut : ExitCodes.noDaemon)
        }
    }

    /// Calls one method and returns its result; a daemon error is printed and exits non-zero.
    func call(_ method: String, params: JSONValue? = nil, onNotification: (RPCNotification) -> Void = { _ in }) async throws -> JSONValue {
        let connection = try await connect()
        return try await Self.call(connection, method, params: params, onNotification: onNotification)
    }

    /// Calls a method of the protocol: its params encoded, its result as the daemon gave it and as
    /// the method's type reads it.
    func call<Params: Encodable, Result>(_ method: TypedMethod<Params, Result>, _ params: Params) async throws -> (raw: JSONValue, result: Result) {
        let raw = try await call(method.name.rawValue, params: params is NoParams ? nil : Wire.value(params))
        return (raw, try Wire.decode(Result.self, from: raw))
    }

    static func call(_ connection: ControlConnection, _ method: String, params: JSONValue? = nil,
                     onNotification: (RPCNotification) -> Void = { _ in }) async throws -> JSONValue {
        let response: RPCResponse
        do {
            response = try await connection.call(method, params: params, onNotification: onNotification)
        } catch {
            printError("eartrainctl: \(error)")
            throw ExitCode(isTimeout(error) ? ExitCodes.timedOut : ExitCodes.protocolError)
        }
        if let error = response.error {
            printError("eartrainctl: \(PrintableText.escaped(error.message))")
            throw ExitCode(error.code == RPCError.permissionDenied("").code ? ExitCodes.permissionDenied : ExitCodes.daemonError)
        }
        return response.result ?? .null
    }

    static func isTimeout(_ error: any Error) -> Bool {
        if case .timedOut = error as? ControlConnection.ConnectionError { return true }
        return false
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
    /// The daemon did not answer within the timeout (EX_TEMPFAIL: try again, or wait longer).
    static let timedOut: Int32 = 75
    /// The daemon's answer could not be read.
    static let protocolError: Int32 = 76
    /// The daemon refused: control methods are for its user, root or its control group.
    static let permissionDenied: Int32 = 77
}
