import ArgumentParser
import ConfigFile
import ControlServer
import Daemon
import Glibc

/// The control socket's listener, opened from the command line, systemd or the config.
struct ControlSocket {
    let listener: UnixListener
    let description: String

    /// Binds (or adopts, under socket activation) the socket; exits 69 when another daemon owns it.
    static func open(option: String?, config: SocketConfig, environment: [String: String]) throws -> ControlSocket {
        do {
            switch SocketLocation.resolve(option: option ?? config.path, environment: environment) {
            case .path(let path):
                return ControlSocket(listener: try UnixListener.bind(path: path, mode: mode_t(config.mode)), description: path)
            case .activated(let fd):
                return ControlSocket(listener: try UnixListener.adopt(fd: fd), description: "systemd socket (fd \(fd))")
            }
        } catch {
            printError("eartrainerd: \(error)")
            throw ExitCode(69)  // EX_UNAVAILABLE
        }
    }
}
