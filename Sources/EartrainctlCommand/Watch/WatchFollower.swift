import ClientViews
import ControlClient
import ControlProtocol
import Foundation
import Glibc
import SystemCalls

/// The watch state and the moment its session clock was last set, so the clock ticks between events.
struct WatchFollower {
    var state = WatchState()
    private var anchor = ContinuousClock.now
    private var anchorSeconds = 0.0
    /// The status it started from: the events it already counts are not folded in again.
    private let start: StatusResult

    init(status: StatusResult) {
        start = status
        state.apply(status: status.session)
        anchorSeconds = state.sessionSeconds
    }

    /// The session's seconds now.
    var elapsed: Double {
        guard state.running else { return anchorSeconds }
        let since = ContinuousClock.now - anchor
        return anchorSeconds + Double(since.components.seconds) + Double(since.components.attoseconds) / 1e18
    }

    /// Folds a notification in; returns its event, if it is one the status it started from does
    /// not already count.
    mutating func take(_ notification: RPCNotification) -> EventReport? {
        guard notification.method == "event", let event = try? Wire.decode(EventReport.self, from: notification.params),
              !start.includes(event) else {
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
                         show: (EventReport?, WatchFollower) -> Void) async {
        let (inputs, continuation) = AsyncStream.makeStream(of: WatchInput.self)
        let reading = Task {
            do {
                for try await notification in link.notifications { continuation.yield(.notification(notification)) }
            } catch {}
            continuation.yield(.daemonGone)
        }
        let terminal = TerminalInput(signals: signals, keys: keys, to: continuation)
        var tick: Task<Void, Never>?
        defer {
            reading.cancel()
            terminal?.stop()
            tick?.cancel()
        }
        show(nil, self)
        tick = nextTick(to: continuation)
        for await input in inputs {
            switch input {
            case .notification(let notification):
                if let event = take(notification) { show(event, self) }
            case .daemonGone:
                return
            case .signal(let number):
                if number != SIGWINCH { return }
                show(nil, self)
            case .keys(let bytes):
                if bytes.isEmpty || bytes.contains(where: { [UInt8(ascii: "q"), UInt8(ascii: "Q"), 3, 4].contains($0) }) { return }
            case .tick:
                show(nil, self)  // the clock's tick
            }
            tick?.cancel()
            tick = nextTick(to: continuation)
        }
    }

    /// The next whole second of the session clock, while a session runs.
    private func nextTick(to inputs: AsyncStream<WatchInput>.Continuation) -> Task<Void, Never>? {
        guard state.running else { return nil }
        let wait = Duration.milliseconds(1000 - Int(elapsed * 1000) % 1000)
        return Task {
            guard (try? await Task.sleep(for: wait)) != nil else { return }
            inputs.yield(.tick)
        }
    }
}
