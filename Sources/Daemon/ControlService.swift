import ControlProtocol
import ControlServer
import Synchronization
import Training

/// Connects the control socket to the daemon: every line a client sends is answered through the
/// router, in arrival order; every event goes to the clients subscribed to its topic.
public final class ControlService: EventFollower {
    private let server: ControlServer
    private let router: RequestRouter
    private let subscriptions = Mutex<[ClientID: Set<Topic>]>([:])

    public init(server: ControlServer, router: RequestRouter) {
        self.server = server
        self.router = router
    }

    /// The greeting each client gets on connect: protocol name and version, and the methods.
    public static var greeting: String {
        Wire.encode(RPCNotification(method: "hello", params: .object([
            "protocol": .string(ProtocolInfo.name), "version": .number(Double(ProtocolInfo.version)),
            "daemon": .string(DaemonCore.version), "methods": .array(Method.allCases.map { .string($0.rawValue) }),
        ])))
    }

    /// The lines the server sends on its own.
    public static func refusals(maxClients: Int) -> ControlServer.Refusals {
        ControlServer.Refusals(
            tooManyClients: Wire.encode(RPCResponse(id: .null, error: .tooManyClients(maxClients))),
            lineTooLong: Wire.encode(RPCResponse(id: .null, error: .lineTooLong)),
            busy: Wire.encode(RPCResponse(id: .null, error: RPCError(code: -32006, message: "daemon busy; request dropped, try again"))))
    }

    /// Serves until the server stops. Lines are answered one at a time, in arrival order, except
    /// statistics queries: they read the database (seconds for a long history) on a task of their
    /// own, so `status` and the keys never wait behind them.
    public func run() async {
        await withDiscardingTaskGroup { group in
            for await event in server.events {
                switch event {
                case .connected, .lineTooLong:
                    break  // the server greets, and answers an overlong line itself
                case .line(let client, let peer, let bytes):
                    let decoded = RequestRouter.decode(bytes)
                    if case .request(let request) = decoded, Self.statisticsMethods.contains(request.method) {
                        group.addTask { self.server.complete(client, reply: await self.reply(to: decoded, from: client, peer: peer)) }
                    } else {
                        server.complete(client, reply: await reply(to: decoded, from: client, peer: peer))
                    }
                case .disconnected(let client, _):
                    _ = subscriptions.withLock { $0.removeValue(forKey: client) }
                }
            }
        }
    }

    private static let statisticsMethods: Set = [Method.statsGet.rawValue, Method.statsExport.rawValue]

    /// Answers `status` on the socket's own thread from the core's published state, with no turn
    /// on the actor (see `ControlServer.QuickAnswer`) and no Foundation: a request in the common
    /// shape is recognised by `SimpleRequest` and the reply written by `JSONBytes` from the core's
    /// status template, byte for byte what the usual way writes but for the clocks (to the
    /// microsecond here). Every other line goes the usual way.
    public static func quickAnswer(core: DaemonCore) -> ControlServer.QuickAnswer {
        { line, _, json in
            guard line.count < 4096, let request = SimpleRequest(line), request.method.elementsEqual(statusMethod) else { return false }
            json.object { members in
                members.member("id") { $0.raw(request.id) }
                members.member("jsonrpc") { $0.string("2.0") }
                members.member("result") { core.writeStatus(to: &$0) }
            }
            return true
        }
    }

    private static let statusMethod = Array(Method.status.rawValue.utf8)

    /// The encoded reply to one line, or nil for a notification (a request without an id).
    func reply(to line: [UInt8], from client: ClientID, peer: PeerCredentials) async -> String? {
        await reply(to: RequestRouter.decode(line), from: client, peer: peer)
    }

    private func reply(to decoded: RequestRouter.Decoded, from client: ClientID, peer: PeerCredentials) async -> String? {
        switch decoded {
        case .failure(let id, let error):
            return Wire.encode(RPCResponse(id: id, error: error))
        case .request(let request):
            let result: Result<any Encodable & Sendable, RPCError>
            do {
                result = .success(try await answer(request, client: client, peer: peer))
            } catch {
                result = .failure(error)
            }
            guard let id = request.id else { return nil }
            switch result {
            case .success(let value): return Wire.response(id: id, result: value)
            case .failure(let error): return Wire.encode(RPCResponse(id: id, error: error))
            }
        }
    }

    private func answer(_ request: RPCRequest, client: ClientID, peer: PeerCredentials) async throws(RPCError) -> any Encodable & Sendable {
        switch Method(rawValue: request.method) {
        case .subscribe, .unsubscribe:
            let params: SubscribeParams
            do { params = try Wire.decode(SubscribeParams.self, from: request.params) } catch {
                throw .invalidParams("topics: a list of " + Topic.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let topics = Set(params.topics ?? Topic.allCases)
            let now = subscriptions.withLock { book in
                if request.method == Method.subscribe.rawValue {
                    book[client, default: []].formUnion(topics)
                } else {
                    book[client]?.subtract(topics)
                }
                return book[client] ?? []
            }
            return JSONValue.object(["topics": .array(now.map(\.rawValue).sorted().map { .string($0) })])
        default:
            return try await router.answer(request, from: peer)
        }
    }

    /// Sends an event to its topic's subscribers. A subscriber that stopped reading fills its own
    /// bounded queue and is dropped by the server; nobody else waits for it.
    public func follow(_ report: EventReport, event: TrainingEvent?) {
        let subscribers = subscriptions.withLock { book in book.filter { $0.value.contains(report.topic) }.map(\.key) }
        guard !subscribers.isEmpty else { return }
        let line = Wire.notification(method: "event", params: report)
        for client in subscribers { server.send(line, to: client) }
    }
}
