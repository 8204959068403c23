import Configuration
import ControlProtocol
import ControlServer
import Daemon
import Foundation
import Glibc
import ArgumentParser

/// The control socket, opened from the command line, systemd or the config, with its service.
struct ControlSocket {
    let server: ControlServer
    let service: ControlService
    let description: String

    /// Binds (or adopts, under socket activation) the socket; exits 69 when another daemon owns it.
    static func open(option: String?, config: SocketConfig, maxClients: Int?, environment: [String: String],
                     router: RequestRouter) throws -> ControlSocket {
        let limit = maxClients ?? config.maxClients
        let listener: UnixListener
        let description: String
        do {
            switch SocketLocation.resolve(option: option ?? config.path, environment: environment) {
            case .path(let path):
                listener = try UnixListener.bind(path: path, mode: mode_t(config.mode))
                description = path
            case .activated(let fd):
                listener = try UnixListener.adopt(fd: fd)
                description = "systemd socket (fd \(fd))"
            }
        } catch {
            printError("eartrainerd: \(error)")
            throw ExitCode(69)  // EX_UNAVAILABLE
        }
        let server = try ControlServer(
            listener: listener, greeting: ControlService.greeting(router.methods),
            refusals: ControlService.refusals(maxClients: limit), limits: ServerLimits(maxClients: limit))
        let service = ControlService(server: server, router: router)
        return ControlSocket(server: server, service: service, description: description)
    }

    /// Who may control: the daemon's user, root, and the config's control group if it exists.
    static func policy(_ config: SocketConfig, reporter: StdoutReporter) -> AccessPolicy {
        guard let name = config.controlGroup else { return AccessPolicy() }
        guard let group = getgrnam(name) else {
            reporter.say("socket.control_group '\(name)' does not exist; only this user and root may control", warning: true)
            return AccessPolicy()
        }
        return AccessPolicy(controlGroup: group.pointee.gr_gid)
    }
}
