import ClientViews
import ControlProtocol
import Foundation
import Glibc
import SystemCalls

/// The watch state and the moment its session clock was last set, so the clock ticks between events.
struct WatchFollower {
    var state = WatchState()
    private var anchor = ContinuousClock.now
    private var anchorSeconds = 0.0

    init(status: SessionStatus?) {
        state.apply(status: status)
        anchorSeconds = state.sessionSeconds
    }

    /// The session's seconds now.
    var elapsed: Double {
        guard state.running else { return anchorSeconds }
        let since = ContinuousClock.now - anchor
        return anchorSeconds + Double(since.components.seconds) + Double(since.components.attoseconds) / 1e18
    }

    /// Folds a notification in; returns its event, if it is one.
    mutating func take(_ notification: RPCNotification) -> EventReport? {
        guard notification.method == "event", let event = try? Wire.decode(EventReport.self, from: notification.params) else {
            return nil
        }
        state.apply(event)
        anchor = .now
        anchorSeconds = event.sessionSeconds
        return event
    }

    /// Waits on the socket, the signals and (with `keys`) the keyboard. Calls `show` first, after
    /// every event (with it), on a resize and once a second while a session runs (without one).
    /// Returns on q, Ctrl-C, SIGINT/SIGTERM/SIGHUP, or when the daemon closes the connection.
    mutating func follow(_ link: ControlConnection, signals: SignalDescriptor?, keys: Bool,
                         show: (EventReport?, WatchFollower) -> Void) {
        show(nil, self)
        var fds = [pollfd(fd: link.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        if let signals { fds.append(pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)) }
        if keys { fds.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
        while true {
            // A whole line may already sit in the connection's buffer, with nothing left to poll.
            let timeout: Int32 = link.hasBufferedLine ? 0 : (state.running ? Int32(1000 - Int(elapsed * 1000) % 1000) : -1)
            guard (try? systemCall("poll") { poll(&fds, nfds_t(fds.count), timeout) }) != nil else { return }
            if link.hasBufferedLine || fds[0].revents != 0 {
                guard let line = try? link.readLine() else { return }
                if let notification = try? JSONDecoder().decode(RPCNotification.self, from: Data(line.utf8)),
                   let event = take(notification) {
                    show(event, self)
                }
                continue
            }
            if let signals, fds[1].revents != 0 {
                if signals.read() != SIGWINCH { return }
                show(nil, self)
                continue
            }
            if keys, fds[fds.count - 1].revents != 0 {
                var bytes = [UInt8](repeating: 0, count: 64)
                let count = (try? systemCall("read") { read(STDIN_FILENO, &bytes, bytes.count) }) ?? 0
                if count == 0 { return }
                if bytes[..<count].contains(where: { [UInt8(ascii: "q"), UInt8(ascii: "Q"), 3, 4].contains($0) }) { return }
                continue
            }
            show(nil, self)  // the clock's tick
        }
    }
}
