import ControlProtocol
import Foundation
import Glibc
import SystemCalls

/// What `watch` waits for besides the daemon: keys, signals, the clock's tick, and the daemon's
/// notifications, all in one stream.
enum WatchInput: Sendable {
    /// A notification the daemon sent after `subscribe`.
    case notification(RPCNotification)
    /// The daemon closed the connection (or stopped answering).
    case daemonGone
    /// SIGINT, SIGTERM, SIGHUP or SIGWINCH.
    case signal(Int32)
    /// Bytes typed; empty when standard input ended.
    case keys([UInt8])
    /// A second of the session clock has passed.
    case tick
}

/// The terminal's input and the signals, read on one thread of its own that `poll()`s them and a
/// wake pipe, and yielded into `watch`'s stream (blocking input never takes a thread of Swift's
/// pool). `stop()` wakes it and it ends.
final class TerminalInput: Sendable {
    private let wake: WakePipe

    /// Starts reading `signals` and, with `keys`, standard input; nil when no wake pipe opens.
    init?(signals: SignalDescriptor?, keys: Bool, to inputs: AsyncStream<WatchInput>.Continuation) {
        guard let wake = try? WakePipe() else { return nil }
        self.wake = wake
        var descriptors = [pollfd(fd: wake.readEnd.rawValue, events: Int16(POLLIN), revents: 0)]
        if let signals { descriptors.append(pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)) }
        if keys { descriptors.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
        let thread = Thread { [descriptors] in
            var descriptors = descriptors
            while !wake.stopRequested {
                guard (try? systemCall("poll") { poll(&descriptors, nfds_t(descriptors.count), -1) }) != nil else { return }
                if let signals, descriptors[1].revents != 0 {
                    let number = signals.read()
                    if number != 0 { inputs.yield(.signal(number)) }
                }
                if keys, descriptors[descriptors.count - 1].revents != 0 {
                    var bytes = [UInt8](repeating: 0, count: 64)
                    let count = (try? systemCall("read") { read(STDIN_FILENO, &bytes, bytes.count) }) ?? 0
                    inputs.yield(.keys(Array(bytes[..<count])))
                    if count == 0 { return }  // nothing more will come
                }
            }
        }
        thread.start()
    }

    /// Ends the thread (it may still be inside `poll()`; the wake pipe makes that return).
    func stop() {
        wake.requestStop()
    }
}
