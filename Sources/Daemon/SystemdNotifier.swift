import Foundation
import Glibc
import SystemCalls

/// systemd's notify protocol without libsystemd: one datagram to the socket named by
/// `$NOTIFY_SOCKET` (`@` at the start means the abstract namespace). Does nothing without it.
public struct SystemdNotifier: Sendable {
    private let socketPath: String?
    /// Half the watchdog interval systemd asked for, when it asked (`$WATCHDOG_USEC`, `$WATCHDOG_PID`).
    public let watchdogInterval: Duration?

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        let forUs = environment["WATCHDOG_PID"].map { $0 == String(getpid()) } ?? true
        if forUs, let text = environment["WATCHDOG_USEC"], let micros = UInt64(text), micros > 0 {
            watchdogInterval = .microseconds(Int64(micros / 2))
        } else {
            watchdogInterval = nil
        }
    }

    public var isActive: Bool { socketPath != nil }

    public func ready(status: String) { send("READY=1\nSTATUS=\(status)") }
    public func status(_ status: String) { send("STATUS=\(status)") }
    public func stopping() { send("STOPPING=1") }
    public func reloading() { send("RELOADING=1") }
    public func watchdog() { send("WATCHDOG=1") }

    /// Sends one message; failures are ignored, as sd_notify does.
    public func send(_ message: String) {
        guard let socketPath, let address = UnixSocketAddress(pathOrAbstractName: socketPath), let raw = try? systemCall("socket", {
            Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }) else { return }
        let socket = FileDescriptor(taking: raw)
        let payload = Array(message.utf8)
        _ = try? systemCall("sendto") {
            address.withSocketAddress { socketAddress, length in
                payload.withUnsafeBytes { sendto(socket.rawValue, $0.baseAddress, payload.count, Int32(MSG_NOSIGNAL), socketAddress, length) }
            }
        }
    }
}
