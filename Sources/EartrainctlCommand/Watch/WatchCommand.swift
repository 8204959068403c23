import ArgumentParser
import ClientViews
import ControlClient
import ControlProtocol
import Foundation
import Glibc
import Training

/// `eartrainctl watch`: the session live, full screen, redrawn on every event the daemon sends
/// (it subscribes; the only timer is a one-second tick for the session clock). When stdout is not
/// a terminal it prints each event's line instead (the listening input's readings, 20 a second,
/// only on the screen).
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Follow the session live: the staff, last answer, running figures (q or Ctrl-C quits).")

    @Option(help: "The clef: auto, bass, treble or grand (default: the daemon's training.clef).")
    var clef: ClefChoice?
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let signals = SignalDescriptor()
        let link = try await connection.connect()
        // Subscribed before the status is read, so no event falls between the two; the status
        // says which of those that came meanwhile it counts (`WatchFollower.take`).
        var early: [RPCNotification] = []
        _ = try await ConnectionOptions.call(link, Method.subscribe.rawValue, params: Wire.value(SubscribeParams())) { early.append($0) }
        let status = try Wire.decode(StatusResult.self, from: try await ConnectionOptions.call(link, Method.status.rawValue) { early.append($0) })
        var follower = WatchFollower(status: status)
        if let clef { follower.state.clef = clef.clef }

        guard isatty(STDOUT_FILENO) == 1 else {
            if let session = status.session { print(StatusText.sessionLines(session).joined(separator: "\n")) }
            for notification in early { if let event = follower.take(notification), event.topic != .listen { print(event.text) } }
            fflush(nil)
            await follower.follow(link, signals: signals, keys: false) { event, _ in
                if let event, event.topic != .listen { print(event.text) }
                fflush(nil)
            }
            return
        }
        for notification in early { _ = follower.take(notification) }
        let terminal = Terminal(keys: isatty(STDIN_FILENO) == 1)
        defer { terminal.restore() }
        await follower.follow(link, signals: signals, keys: terminal.readsKeys) { _, follower in
            let size = Terminal.size()
            terminal.paint(WatchScreen(width: size.columns, height: size.rows).lines(follower.state, elapsed: follower.elapsed))
        }
    }
}
