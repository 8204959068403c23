import ClientViews
import ControlClient
import ControlProtocol
import DaemonTestSupport
import Foundation
import Glibc
import Synchronization
import Testing
import WebView

/// A follower (the web view's `/live`, `eartrainctl watch`) starts from `status`, then folds in
/// the events. A key judged while it starts must reach it, and be counted once. These tests put
/// the key exactly in that moment: the follower's connection passes through the test's hands, and
/// a key is played while its `status` is on the way.
@Suite("A follower starts from the status without losing or doubling an event", .daemon)
struct FollowFromStatusTests {
    /// When the key is played.
    enum Moment: String, CustomTestStringConvertible, CaseIterable {
        /// The daemon has answered `status`; the answer has not reached the follower.
        case statusAnswered
        /// The follower has asked `status`; the daemon has not read the question.
        case statusAsked

        var testDescription: String { rawValue }
    }

    @Test("a key judged while the page reads the status reaches the page, counted once", arguments: Moment.allCases)
    func keyWhileStarting(_ moment: Moment) async throws {
        let daemon = try await TestDaemon()
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3"), "seed": .number(1)]))
        let play: @Sendable (String) async throws -> Void = { note in
            _ = try await link.result("notes.play", .object(["notes": .array([.string(note)])]))
        }
        let played = Flag()
        let proxy = try await LineProxy(to: daemon) { direction, line in
            guard !played.isSet, Self.isStatus(line, moment: moment, direction: direction) else { return }
            played.set()
            try await play("D3")
        }
        let follower = SocketDaemon(connecting: { proxy.client })
        var state = WatchState()
        for await update in follower.follow() {
            switch update {
            case .status(let status):
                #expect(played.isSet, "the key was played before the status reached the follower")
                state.apply(status: status.session)
                try await play("E3")
            case .event(let event):
                state.apply(event)
            }
            if state.judged.last?.played == "E3" { break }
        }
        #expect(state.correct == 2 && state.errors == 0, "D3 and E3 right, each once: \(state.correct) right, \(state.errors) wrong")
        #expect(state.judged.map(\.played) == ["D3", "E3"])
        await proxy.stop()
        #expect(await daemon.stop())
    }

    /// Whether `line` is the `status` question (from the client) or its answer (from the daemon), as `moment` asks.
    static func isStatus(_ line: String, moment: Moment, direction: LineProxy.Direction) -> Bool {
        switch (moment, direction) {
        case (.statusAsked, .toDaemon):
            (try? JSONDecoder().decode(RPCRequest.self, from: Data(line.utf8)))?.method == Method.status.rawValue
        case (.statusAnswered, .toClient):
            (try? JSONDecoder().decode(RPCResponse.self, from: Data(line.utf8)))?.result
                .flatMap { try? Wire.decode(StatusResult.self, from: $0) } != nil
        default:
            false
        }
    }
}

/// A client's connection to the test daemon through the test's hands: every line passes `hook`
/// on its way (it may act first, say play a key), then goes on unchanged and in order.
final class LineProxy: Sendable {
    enum Direction: Sendable { case toDaemon, toClient }

    /// The client's end.
    let client: ControlConnection
    private let tasks: [Task<Void, Never>]
    private let ends: [ControlConnection]

    init(to daemon: TestDaemon, hook: @escaping @Sendable (Direction, String) async throws -> Void) async throws {
        let ends = try TestDaemon.socketPair()
        let upstream = try await daemon.connect()
        // Each end of the pair reads a greeting when it opens: the daemon's, written into both.
        let greeting = try Wire.encode(try #require(upstream.greeting)) + "\n"
        for end in ends { _ = greeting.withCString { write(end, $0, strlen($0)) } }
        let middle = try await ControlConnection(connected: ends[1], timeout: nil)
        client = try await ControlConnection(connected: ends[0], timeout: .seconds(300))
        func forward(_ direction: Direction, from source: ControlConnection, to sink: ControlConnection) -> Task<Void, Never> {
            Task {
                while let line = try? await source.readLine(within: nil) {
                    do {
                        try await hook(direction, line)
                        try await sink.sendLine(line)
                    } catch {
                        Issue.record("the proxy could not pass on \(line): \(error)")
                        return
                    }
                }
            }
        }
        self.ends = [client, middle, upstream]
        tasks = [forward(.toDaemon, from: middle, to: upstream), forward(.toClient, from: upstream, to: middle)]
    }

    func stop() async {
        for task in tasks { task.cancel() }
        for end in ends { await end.close() }
    }
}
