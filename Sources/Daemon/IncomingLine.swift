import ControlProtocol
import Foundation

/// One line a client sent, read as JSON-RPC 2.0 says: a request or notification, or a batch
/// (an array) of them. A line that is not JSON, and an empty batch, are one invalid call.
enum IncomingLine {
    case single(IncomingCall)
    case batch([IncomingCall])

    init(_ bytes: [UInt8]) {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else {
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
