import ControlProtocol
import Foundation

/// One line a client sent, read as JSON-RPC 2.0 says: a request or notification, or a batch
/// (an array) of them. A line that is not JSON, and an empty batch, are one invalid call.
enum IncomingLine {
    case single(IncomingCall)
    case batch([IncomingCall])

    init(_ bytes: some Collection<UInt8>) {
        let data = Data(bytes)
        // The common case, one object, is read member by member: decoding a whole line into a
        // `JSONValue` tries each JSON type in turn, and each miss is a thrown error.
        if bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) == UInt8(ascii: "{"),
           let envelope = try? Self.decoder.decode(Envelope.self, from: data) {
            self = .single(IncomingCall(.object(envelope.members)))
            return
        }
        guard let value = try? Self.decoder.decode(JSONValue.self, from: data) else {
            self = .single(.invalid(id: .null, .parseError("not valid JSON (each request is one line of UTF-8 JSON)")))
            return
        }
        switch value {
        case .array(let elements) where elements.isEmpty:
            self = .single(.invalid(id: .null, .invalidRequest("an empty batch")))
        case .array(let elements):
            self = .batch(elements.map(IncomingCall.init))
        default:
            self = .single(IncomingCall(value))
        }
    }

    /// One decoder for every line (its options never change, so threads may share it).
    private static let decoder = JSONDecoder()

    var calls: [IncomingCall] {
        switch self {
        case .single(let call): [call]
        case .batch(let calls): calls
        }
    }
}

/// One element of a line: a well-formed request (with or without an id), or the error that
/// answers it.
enum IncomingCall {
    case request(RPCRequest)
    case invalid(id: JSONValue, RPCError)

    init(_ value: JSONValue) {
        guard case .object(let members) = value else {
            self = .invalid(id: .null, .invalidRequest("a request is a JSON object"))
            return
        }
        // An id that is there and valid is echoed even when the rest is wrong; `"id": null` is a
        // request (answered with `"id": null`), an absent id a notification.
        let id = members["id"]
        switch id {
        case nil, .null?, .string?, .number?: break
        default:
            self = .invalid(id: .null, .invalidRequest("an id is a string, a number or null"))
            return
        }
        guard members["jsonrpc"] == .string("2.0") else {
            self = .invalid(id: id ?? .null, .invalidRequest("it needs \"jsonrpc\": \"2.0\""))
            return
        }
        guard case .string(let method)? = members["method"] else {
            self = .invalid(id: id ?? .null, .invalidRequest("it needs a string \"method\""))
            return
        }
        switch members["params"] {
        case nil, .object?, .array?: break
        default:
            self = .invalid(id: id ?? .null, .invalidRequest("params are an object or an array"))
            return
        }
        self = .request(RPCRequest(id: id, method: method, params: members["params"]))
    }
}

/// The members of a request object that JSON-RPC gives meaning to, each read as the type it
/// should have; a member of another type is kept as a value `IncomingCall` refuses.
private struct Envelope: Decodable {
    var members: [String: JSONValue] = [:]

    private enum Key: String, CodingKey { case jsonrpc, id, method, params }
    /// Stands for a member of a type the specification does not allow there.
    private static let wrongType = JSONValue.bool(false)

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: Key.self)
        for key in [Key.jsonrpc, .method] where object.contains(key) {
            members[key.rawValue] = (try? object.decode(String.self, forKey: key)).map(JSONValue.string) ?? Self.wrongType
        }
        if object.contains(.id) {
            if try object.decodeNil(forKey: .id) {
                members["id"] = .null
            } else if let number = try? object.decode(Double.self, forKey: .id) {
                members["id"] = .number(number)
            } else {
                members["id"] = (try? object.decode(String.self, forKey: .id)).map(JSONValue.string) ?? Self.wrongType
            }
        }
        if object.contains(.params) { members["params"] = try object.decode(JSONValue.self, forKey: .params) }
    }
}
