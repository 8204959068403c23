import ControlProtocol
import ControlServer
import Foundation

/// One method the daemon answers: its name, who may call it, the type its params are read into,
/// and the handler. Routing, the permission gate, the greeting's list of methods and
/// docs/protocol.md's table all come from the entries of a `MethodTable`.
public struct MethodEntry: Sendable {
    /// Who may call a method.
    public enum Caller: String, Sendable {
        /// Anyone who can connect: the reading methods.
        case anyone
        /// The daemon's user, root and the control group: methods that change what the daemon does.
        case control
    }

    public let name: Method
    public let caller: Caller
    /// Answered on a task of its own, so that no other line waits behind it (a database read).
    public let runsAside: Bool
    /// Reads the params into the entry's type, then runs the handler.
    let call: @Sendable (_ params: JSONValue?, _ context: MethodContext) async throws(RPCError) -> any Encodable & Sendable
    /// For an entry answered at once (`immediate`), the same without waiting, giving the whole
    /// response line for the request's id; nil for the others.
    let callNow: (@Sendable (_ params: JSONValue?, _ id: JSONValue, _ context: MethodContext) throws(RPCError) -> String)?

    /// An entry whose handler gets its params decoded as `Params`; params that do not decode are
    /// refused with Invalid params, saying where.
    public init<Params: Decodable>(
        _ name: Method, _ caller: Caller, params: Params.Type, runsAside: Bool = false,
        handler: @escaping @Sendable (Params, MethodContext) async throws(RPCError) -> any Encodable & Sendable
    ) {
        self.init(name: name, caller: caller, runsAside: runsAside, call: { params, context throws(RPCError) in
            try await handler(try Self.decode(Params.self, params), context)
        }, callNow: nil)
    }

    /// The entry of a method of the protocol: its params decoded as the method says, its handler
    /// returning the method's result type.
    public init<Params: Decodable, Result>(
        _ method: TypedMethod<Params, Result>, _ caller: Caller, runsAside: Bool = false,
        handler: @escaping @Sendable (Params, MethodContext) async throws(RPCError) -> Result
    ) {
        self.init(method, caller, decodedAs: Params.self, runsAside: runsAside, handler: handler)
    }

    /// The same with the params read into a type of the daemon's own (`subscribe`'s topics, whose
    /// refusal names the topics there are).
    public init<Params, Decoded: Decodable, Result>(
        _ method: TypedMethod<Params, Result>, _ caller: Caller, decodedAs: Decoded.Type, runsAside: Bool = false,
        handler: @escaping @Sendable (Decoded, MethodContext) async throws(RPCError) -> Result
    ) {
        self.init(name: method.name, caller: caller, runsAside: runsAside, call: { params, context throws(RPCError) in
            try await handler(try Self.decode(Decoded.self, params), context)
        }, callNow: nil)
    }

    /// An entry answered at once, from state the daemon publishes, on the thread that read the
    /// line (the control socket's own, when the client has nothing else unanswered): its handler
    /// never waits, so no line waits behind it and no thread hop is needed. Such a method is asked
    /// far more often than its answer changes, so the result's encoding is kept until it differs,
    /// and the response line until the result or the request's id does.
    public static func immediate<Params: Decodable, Result: Codable & Hashable & Sendable>(
        _ method: TypedMethod<Params, Result>, _ caller: Caller,
        handler: @escaping @Sendable (Params, MethodContext) throws(RPCError) -> Result
    ) -> MethodEntry {
        let name = method.name
        let encoded = Memo<Result, String>()
        let line = Memo<EncodedAnswer, String>()
        return MethodEntry(
            name: name, caller: caller, runsAside: false,
            call: { params, context throws(RPCError) in try handler(try decode(Params.self, params), context) },
            callNow: { params, id, context throws(RPCError) in
                let result = encoded.value(for: try handler(try decode(Params.self, params), context)) { Wire.encode($0) }
                return line.value(for: EncodedAnswer(id: id, result: result)) { Wire.response(id: $0.id, encodedResult: $0.result) }
            })
    }

    private init(
        name: Method, caller: Caller, runsAside: Bool,
        call: @escaping @Sendable (JSONValue?, MethodContext) async throws(RPCError) -> any Encodable & Sendable,
        callNow: (@Sendable (JSONValue?, JSONValue, MethodContext) throws(RPCError) -> String)?
    ) {
        self.name = name
        self.caller = caller
        self.runsAside = runsAside
        self.call = call
        self.callNow = callNow
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ params: JSONValue?) throws(RPCError) -> T {
        // Nothing to decode for these two (`status` takes no params): no trip through the coders.
        if let none = NoParams() as? T { return none }
        if let given = (params ?? .object([:])) as? T { return given }
        do {
            return try Wire.decode(type, from: params)
        } catch let DecodingError.keyNotFound(key, _) {
            throw .invalidParams("missing '\(key.stringValue)'")
        } catch let DecodingError.typeMismatch(_, context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw .invalidParams(path.isEmpty ? "params must be an object" : "wrong type at '\(path)'")
        } catch let DecodingError.dataCorrupted(context) {
            // A value the type refuses, such as an unknown `kind`: its description lists what is accepted.
            throw .invalidParams("\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)")
        } catch {
            throw .invalidParams("could not read params: \(error)")
        }
    }
}

/// What a handler is given besides its params: the daemon's parts and who is calling.
public struct MethodContext: Sendable {
    public let router: RequestRouter
    public let client: ClientID
    public let peer: PeerCredentials
}

/// Every method the daemon answers, in the order the greeting lists them.
public struct MethodTable: Sendable {
    public private(set) var entries: [MethodEntry]

    public init(_ entries: [MethodEntry]) {
        precondition(Set(entries.map(\.name)).count == entries.count, "a method is in the table twice")
        self.entries = entries
    }

    public subscript(name: String) -> MethodEntry? {
        entries.first { $0.name.rawValue == name }
    }

    /// The method names, as the greeting lists them.
    public var names: [String] { entries.map(\.name.rawValue) }

    /// This table with one more entry (or a new handler for a name already there).
    public func adding(_ entry: MethodEntry) -> MethodTable {
        var entries = entries.filter { $0.name != entry.name }
        entries.append(entry)
        return MethodTable(entries)
    }
}

/// An encoded result with the id of the request it answers: what an immediate entry's response
/// line is made from, and kept by.
private struct EncodedAnswer: Equatable, Sendable {
    let id: JSONValue
    let result: String
}
