import ControlProtocol
import ControlServer
import Foundation
import MusicTheory
import Training

/// Answers one JSON-RPC line: decodes it, checks the caller may do it, asks the core, encodes the
/// reply. Every mistake of a client becomes a JSON-RPC error; none reaches further.
public struct RequestRouter: Sendable {
    public let core: DaemonCore
    public let policy: AccessPolicy
    public let defaults: ExerciseDefaults
    /// What `config.get` returns.
    public let configuration: @Sendable () -> JSONValue
    /// What `stats.get` and `stats.export` return, or an error when statistics are unavailable.
    public let statistics: @Sendable (Method, JSONValue?) async throws(RPCError) -> JSONValue
    /// Waits until the reports after the first `seq` up to the second are stored; true when they
    /// all are. With it, `notes.play` replies once its answers are on disk, saying `recorded`.
    public let recorded: (@Sendable (_ after: Int, _ through: Int) async -> Bool)?

    public init(
        core: DaemonCore, policy: AccessPolicy, defaults: ExerciseDefaults = ExerciseDefaults(),
        configuration: @escaping @Sendable () -> JSONValue = { .object([:]) },
        statistics: @escaping @Sendable (Method, JSONValue?) async throws(RPCError) -> JSONValue = { _, _ throws(RPCError) in
            throw RPCError(code: -32005, message: "statistics are not available")
        },
        recorded: (@Sendable (_ after: Int, _ through: Int) async -> Bool)? = nil
    ) {
        self.core = core
        self.policy = policy
        self.defaults = defaults
        self.configuration = configuration
        self.statistics = statistics
        self.recorded = recorded
    }

    /// What a line asks for, once decoded: the request, or the error to answer instead.
    enum Decoded {
        case request(RPCRequest)
        case failure(id: JSONValue, RPCError)
    }

    static func decode(_ line: [UInt8]) -> Decoded {
        let data = Data(line)
        // One parse for a good request; the failure path looks again to say what is wrong.
        guard let request = try? JSONDecoder().decode(RPCRequest.self, from: data) else {
            guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
                return .failure(id: .null, .parseError("not valid JSON (each request is one line of UTF-8 JSON)"))
            }
            guard object is [String: Any] else { return .failure(id: .null, .invalidRequest("a request is a JSON object")) }
            return .failure(id: .null, .invalidRequest("it needs \"jsonrpc\": \"2.0\" and a string \"method\""))
        }
        guard request.jsonrpc == "2.0" else {
            return .failure(id: request.id ?? .null, .invalidRequest("jsonrpc must be \"2.0\""))
        }
        return .request(request)
    }

    /// The result for a request from `peer` (any encodable value: the reply is encoded from it
    /// once, with no trip through `JSONValue`), or the error to send back.
    func answer(_ request: RPCRequest, from peer: PeerCredentials) async throws(RPCError) -> any Encodable & Sendable {
        guard let method = Method(rawValue: request.method) else { throw .methodNotFound(request.method) }
        if method.isControl && !policy.mayControl(peer) { throw .permissionDenied(method.rawValue) }
        switch method {
        case .status:
            return await core.status()
        case .configGet:
            return configuration()
        case .statsGet:
            return try await statistics(method, request.params)
        case .statsExport:
            return try await statistics(method, request.params)
        case .sessionStart:
            let params = try decode(SessionStartParams.self, request.params)
            if let profile = params.profile, !ProfileName.isValid(profile) {
                throw .invalidParams("profile '\(profile)': \(ProfileName.rule)")
            }
            let exercise = try ExerciseRequest.exercise(from: params, defaults: defaults)
            let settings = try ExerciseRequest.settings(from: params, base: await core.currentSettings)
            await core.apply(settings)
            do {
                try await core.start(exercise, seed: params.seed, profile: params.profile)
            } catch {
                throw .invalidParams(error.description)
            }
            return JSONValue.object(["session": Wire.value(await core.status().session)])
        case .sessionStop:
            guard let results = await core.stop() else { throw .noSession(method.rawValue) }
            return EventDetails.results(results)
        case .sessionRepeat:
            guard await core.repeatPrompt() else { throw .noSession(method.rawValue) }
            return JSONValue.object(["repeated": .bool(true)])
        case .sessionSkip:
            guard await core.skip() else { throw .noSession(method.rawValue) }
            return JSONValue.object(["skipped": .bool(true)])
        case .sessionResults:
            guard let results = await core.lastResults else {
                throw RPCError(code: -32004, message: "no session has finished yet")
            }
            return EventDetails.results(results)
        case .notesPlay:
            let params = try decode(NotesPlayParams.self, request.params)
            let notes = try Self.notes(params.notes)
            let velocity = params.velocity ?? 90
            guard (1...127).contains(velocity) else { throw .invalidParams("velocity must be 1-127, got \(velocity)") }
            let reports = await core.play(notes, velocity: velocity)
            var result: [String: JSONValue] = ["played": .array(notes.map { .string($0.description) })]
            // The reply acknowledges the answers: it waits until they are committed.
            if let recorded { result["recorded"] = .bool(await recorded(reports.after, reports.through)) }
            return JSONValue.object(result)
        case .subscribe, .unsubscribe:
            // The control service keeps subscriptions; it answers these itself.
            throw .internalError("subscriptions are handled by the control service")
        }
    }

    static func notes(_ values: [JSONValue]) throws(RPCError) -> [MIDINote] {
        guard !values.isEmpty, values.count <= 128 else { throw .invalidParams("notes: give 1 to 128 notes") }
        var notes: [MIDINote] = []
        for value in values {
            switch value {
            case .string(let text):
                notes.append(try ExerciseRequest.theory { () throws(TheoryError) in try MIDINote(parsing: text) })
            case .number(let number) where number.rounded() == number && abs(number) < 1e6:
                notes.append(try ExerciseRequest.theory { () throws(TheoryError) in try MIDINote(validating: Int(number)) })
            default:
                throw .invalidParams("notes: each note is a name such as \"D3\" or a MIDI number 0-127, not \(value)")
            }
        }
        return notes
    }

    private func decode<T: Decodable>(_ type: T.Type, _ params: JSONValue?) throws(RPCError) -> T {
        do {
            return try Wire.decode(type, from: params)
        } catch let DecodingError.keyNotFound(key, _) {
            throw .invalidParams("missing '\(key.stringValue)'")
        } catch let DecodingError.typeMismatch(_, context) {
            throw .invalidParams("wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'")
        } catch let DecodingError.dataCorrupted(context) {
            // A value the type refuses, such as an unknown `kind`: its description lists what is accepted.
            throw .invalidParams("\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)")
        } catch {
            throw .invalidParams("could not read params: \(error)")
        }
    }
}
