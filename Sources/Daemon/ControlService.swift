import ControlProtocol
import ControlServer
import Synchronization
import Training

/// Connects the control socket to the daemon: every line a client sends is answered through the
/// router, in arrival order; every event goes to the clients subscribed to its topic.
public final class ControlService: EventFollower {
    private let server: ControlServer
    private let router: RequestRouter
    /// Lines running aside, per client: at most `asidePerClient` each.
    private let aside = Mutex<[ClientID: Int]>([:])

    /// How many lines of one client may run aside at once: a client that pipelines statistics
    /// queries takes two of the query pool's places, not all of them, and the web view's pages
    /// and other clients still get theirs. A line over it is refused at once (−32006).
    public static let asidePerClient = 2
    /// Says a warning line (stdout, the journal): a client cut off is told nothing, so the daemon says why.
    private let warn: @Sendable (String) -> Void

    public init(server: ControlServer, router: RequestRouter, warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.server = server
        self.router = router
        self.warn = warn
    }

    /// The greeting each client gets on connect: protocol name and version, and the methods.
    public static func greeting(_ methods: MethodTable = .standard) -> String {
        Wire.encode(RPCNotification(
            method: Greeting.method, params: JSONValue(encoding: Greeting(daemon: DaemonCore.version, methods: methods.names))))
    }

    /// What the server's thread answers itself: a request for an immediate entry (`status`),
    /// through the same reading, table and encoder as every other line.
    public static func quickAnswer(_ router: RequestRouter) -> ControlServer.QuickAnswer {
        { line, client, peer in router.replyNow(to: router.read(line), client: client, peer: peer) }
    }

    /// The lines the server sends on its own.
    public static func refusals(maxClients: Int) -> ControlServer.Refusals {
        ControlServer.Refusals(
            tooManyClients: Wire.encode(RPCResponse(id: .null, error: .tooManyClients(maxClients))),
            lineTooLong: Wire.encode(RPCResponse(id: .null, error: .lineTooLong)),
            busy: Wire.encode(RPCResponse(id: .null, error: .busy)))
    }

    /// Serves until the server stops. Each client's lines are answered one at a time, in the
    /// order it sent them, on that client's own lane: a line that takes long (a timed
    /// `notes.play`, the wait for `recorded`) holds its own client's next line and nobody
    /// else's. Lines whose methods run aside (statistics queries read the database, seconds for a
    /// long history) are answered on a task of their own, so `status` and the keys never wait.
    public func run() async {
        await withDiscardingTaskGroup { group in
            var lanes: [ClientID: AsyncStream<(PeerCredentials, IncomingLine)>.Continuation] = [:]
            for await event in server.events {
                switch event {
                case .connected, .lineTooLong:
                    break  // the server greets, and answers an overlong line itself
                case .line(let client, let peer, let bytes):
                    let line = router.read(bytes)
                    if router.runsAside(line) {
                        guard admitAside(client) else {
                            server.complete(client, reply: router.refuse(line, with: Self.tooManyAside))
                            continue
                        }
                        group.addTask {
                            self.server.complete(client, reply: await self.router.reply(to: line, client: client, peer: peer))
                            self.aside.withLock { running in
                                running[client, default: 1] -= 1
                                if running[client] == 0 { running[client] = nil }
                            }
                        }
                    } else {
                        let lane = lanes[client] ?? {
                            // Unbounded here, and bounded all the same: the server hands on at most
                            // `maxUnansweredPerClient` of a client's lines before their answers.
                            let (lines, lane) = AsyncStream.makeStream(of: (PeerCredentials, IncomingLine).self)
                            group.addTask { await self.answer(lines, from: client) }
                            lanes[client] = lane
                            return lane
                        }()
                        lane.yield((peer, line))
                    }
                case .disconnected(let client, let reason):
                    lanes.removeValue(forKey: client)?.finish()
                    router.subscriptions.forget(client)
                    router.pairedBrowsers.forget(client)
                    if reason == .outputOverflow {
                        warn("control socket: \(client) cut off: what waited for it unread would pass "
                            + "\(server.limits.maxQueuedOutputBytes / 1024) KiB")
                    }
                }
            }
            // The server stopped: each lane ends after the line it is answering.
            for lane in lanes.values { lane.finish() }
        }
    }

    /// One client's lane: its lines answered in turn until it disconnects.
    private func answer(_ lines: AsyncStream<(PeerCredentials, IncomingLine)>, from client: ClientID) async {
        for await (peer, line) in lines {
            server.complete(client, reply: await router.reply(to: line, client: client, peer: peer))
            sendNotices()
        }
    }

    /// Sends what a line's handler left for other clients: a revocation for the web view
    /// (`pairing.revoke`), after the revoker's reply.
    private func sendNotices() {
        for notice in router.pairedBrowsers.takeNotices() { server.send(notice.line, to: notice.client) }
    }

    /// The refusal of a client's line when `asidePerClient` of its lines run aside already.
    static let tooManyAside = RPCError(.busy, message: "busy: \(asidePerClient) of your statistics requests are still being answered; read their replies first")

    private func admitAside(_ client: ClientID) -> Bool {
        aside.withLock { running in
            guard running[client, default: 0] < Self.asidePerClient else { return false }
            running[client, default: 0] += 1
            return true
        }
    }

    /// The encoded reply to one line, or nil when none is due (notifications).
    func reply(to line: [UInt8], from client: ClientID, peer: PeerCredentials) async -> String? {
        await router.reply(to: router.read(line), client: client, peer: peer)
    }

    /// Sends an event to its topic's subscribers. A subscriber that stopped reading fills its own
    /// bounded queue and is dropped by the server; nobody else waits for it.
    public func follow(_ report: EventReport, event: TrainingEvent?) {
        let subscribers = router.subscriptions.subscribers(of: report.topic)
        guard !subscribers.isEmpty else { return }
        let line = Wire.notification(method: "event", params: report)
        for client in subscribers { server.send(line, to: client) }
    }

    /// Sends a listening reading to the `listen` topic's subscribers, as an event.
    public func follow(reading report: EventReport) {
        follow(report, event: nil)
    }
}
