import ControlProtocol
import ControlServer
import Foundation
import Training

/// Answers JSON-RPC 2.0 lines: reads one (a request, a notification or a batch of them), looks
/// each method up in the table, checks the caller may call it, runs its handler and encodes the
/// reply. Every mistake of a client becomes a JSON-RPC error; none reaches further.
public struct RequestRouter: Sendable {
    public let core: DaemonCore
    public let policy: AccessPolicy
    /// What `session.start` fills in for a param it is not given, read at each start so a
    /// reloaded config's `[training.scale]` and `[training.interval]` apply.
    public var defaults: ExerciseDefaults { readDefaults() }
    private let readDefaults: @Sendable () -> ExerciseDefaults
    /// What the daemon answers.
    public let methods: MethodTable
    /// Who hears which events.
    public let subscriptions = Subscriptions()
    /// The web view's pairing codes (`pairing.offer`, `pairing.redeem`).
    public let pairing: PairingCodes
    /// The browsers the web view has paired, as it reports them (`pairing.list`, `pairing.revoke`).
    public let pairedBrowsers = PairedBrowserRoster()
    /// The last short line read and what it said. A client polling `status` sends the same line
    /// again and again, and reading JSON is the costliest step of answering it; a line the quick
    /// path read and left to the service is not read twice either.
    private let lastLine = Memo<[UInt8], IncomingLine>()
    /// What `config.get` returns.
    public let configuration: @Sendable () -> JSONValue
    /// What `settings.get` and `settings.set` reach.
    public let settings: StudentSettingsAccess
    /// What `stats.get` and `stats.export` return, or an error when statistics are unavailable.
    public let statistics: StatisticsAccess
    /// Waits until the reports after the first `seq` up to the second are stored; true when they
    /// all are. With it, `notes.play` replies once its answers are on disk, saying `recorded`.
    public let recorded: (@Sendable (_ after: Int, _ through: Int) async -> Bool)?
    /// What `plan.get` returns: the lesson plan followed, nil when none is.
    public let plan: @Sendable () -> PlanResult?
    /// What the `class.*` methods reach.
    public let classes: ClassAccess

    public init(
        core: DaemonCore, policy: AccessPolicy,
        defaults: @escaping @Sendable () -> ExerciseDefaults = { ExerciseDefaults() },
        methods: MethodTable = .standard,
        configuration: @escaping @Sendable () -> JSONValue = { .object([:]) },
        settings: StudentSettingsAccess = .unavailable,
        statistics: StatisticsAccess = .unavailable,
        recorded: (@Sendable (_ after: Int, _ through: Int) async -> Bool)? = nil,
        pairing: PairingCodes = PairingCodes(),
        plan: @escaping @Sendable () -> PlanResult? = { nil },
        classes: ClassAccess = .unavailable
    ) {
        self.core = core
        self.policy = policy
        self.readDefaults = defaults
        self.methods = methods
        self.configuration = configuration
        self.settings = settings
        self.statistics = statistics
        self.recorded = recorded
        self.pairing = pairing
        self.plan = plan
        self.classes = classes
    }

    /// A line as JSON-RPC reads it (`IncomingLine`), the last short one remembered.
    func read(_ bytes: some Collection<UInt8>) -> IncomingLine {
        guard bytes.count <= ControlServer.quickAnswerBytes else { return IncomingLine(bytes) }
        return lastLine.value(for: Array(bytes)) { IncomingLine($0) }
    }

    /// The result for a request (any encodable value: the reply is encoded from it once), or
    /// the error to send back.
    func answer(_ request: RPCRequest, client: ClientID, peer: PeerCredentials) async throws(RPCError) -> any Encodable & Sendable {
        try await entry(for: request, peer: peer).call(request.params, MethodContext(router: self, client: client, peer: peer))
    }

    /// The table's entry for a request, once the caller is known to be allowed to call it.
    private func entry(for request: RPCRequest, peer: PeerCredentials) throws(RPCError) -> MethodEntry {
        guard let entry = methods[request.method] else { throw .methodNotFound(request.method, known: methods.names) }
        if entry.caller == .control && !policy.mayControl(peer) { throw .permissionDenied(request.method) }
        return entry
    }

    /// The reply to a line that can be answered at once — one request (not a notification, not a
    /// batch) for an entry marked immediate that the caller may call — or nil to answer it in turn.
    func replyNow(to line: IncomingLine, client: ClientID, peer: PeerCredentials) -> String? {
        guard case .single(.request(let request)) = line, let id = request.id,
              let entry = try? entry(for: request, peer: peer), let now = entry.callNow
        else { return nil }
        do {
            return try now(request.params, id, MethodContext(router: self, client: client, peer: peer))
        } catch {
            return Wire.encode(RPCResponse(id: id, error: error))
        }
    }

    /// Whether a line's requests should be answered on a task of their own (see `runsAside`).
    func runsAside(_ line: IncomingLine) -> Bool {
        line.calls.contains { call in
            if case .request(let request) = call { methods[request.method]?.runsAside ?? false } else { false }
        }
    }

    /// Every request of `line` answered with `error` (nothing run): nil for notifications only.
    func refuse(_ line: IncomingLine, with error: RPCError) -> String? {
        let replies = line.calls.compactMap { call -> String? in
            switch call {
            case .invalid(let id, let invalid): Wire.encode(RPCResponse(id: id, error: invalid))
            case .request(let request): request.id.map { Wire.encode(RPCResponse(id: $0, error: error)) }
            }
        }
        guard !replies.isEmpty else { return nil }
        if case .batch = line { return "[" + replies.joined(separator: ",") + "]" }
        return replies[0]
    }

    /// The reply to a line: one response, an array of them for a batch, or nil when nothing is
    /// to be sent (a notification, a batch of notifications).
    func reply(to line: IncomingLine, client: ClientID, peer: PeerCredentials) async -> String? {
        switch line {
        case .single(let call):
            return await reply(to: call, client: client, peer: peer)
        case .batch(let calls):
            guard calls.count <= Self.batchLimit else {
                return Wire.encode(RPCResponse(id: .null, error: .invalidRequest("a batch holds at most \(Self.batchLimit) calls")))
            }
            var replies: [String] = []
            var size = 0
            for call in calls {
                // Once the replies fill the budget, the requests left are answered, not carried out.
                if size >= Self.batchReplyBytes, case .request(let request) = call, let id = request.id {
                    replies.append(Wire.encode(RPCResponse(id: id, error: .replyTooLarge(Self.batchReplyBytes))))
                } else if let reply = await reply(to: call, client: client, peer: peer) {
                    replies.append(reply)
                    size += reply.utf8.count
                }
            }
            return replies.isEmpty ? nil : "[" + replies.joined(separator: ",") + "]"
        }
    }

    /// The most calls a batch may hold.
    public static let batchLimit = 100
    /// A batch's replies stop being carried out once they take this many bytes: with one more
    /// reply (an export's page, 256 KiB at most) and the short refusals of the rest, a batch's
    /// line stays under the 1 MiB each client may have waiting (`ServerLimits`).
    public static let batchReplyBytes = 384 * 1024

    private func reply(to call: IncomingCall, client: ClientID, peer: PeerCredentials) async -> String? {
        switch call {
        case .invalid(let id, let error):
            return Wire.encode(RPCResponse(id: id, error: error))
        case .request(let request):
            let result: Result<any Encodable & Sendable, RPCError>
            do {
                result = .success(try await answer(request, client: client, peer: peer))
            } catch {
                result = .failure(error)
            }
            guard let id = request.id else { return nil }  // a notification: carried out, not answered
            switch result {
            case .success(let value): return Wire.response(id: id, result: value)
            case .failure(let error): return Wire.encode(RPCResponse(id: id, error: error))
            }
        }
    }
}
