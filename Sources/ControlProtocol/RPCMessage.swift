import Foundation

/// A JSON-RPC 2.0 request (with an id) or notification (without one), as a client sends it.
public struct RPCRequest: Sendable, Hashable, Codable {
    public var jsonrpc = "2.0"
    public var id: JSONValue?
    public var method: String
    public var params: JSONValue?

    public init(id: JSONValue?, method: String, params: JSONValue? = nil) {
        self.id = id
        self.method = method
        self.params = params
    }
}

/// A JSON-RPC 2.0 response: a result or an error, for the request with the same id.
public struct RPCResponse: Sendable, Hashable, Codable {
    public var jsonrpc = "2.0"
    public var id: JSONValue
    public var result: JSONValue?
    public var error: RPCError?

    public init(id: JSONValue, result: JSONValue) {
        self.id = id
        self.result = result
    }

    public init(id: JSONValue, error: RPCError) {
        self.id = id
        self.error = error
    }
}

/// A message the daemon sends unasked: the greeting and subscription notifications.
public struct RPCNotification: Sendable, Hashable, Codable {
    public var jsonrpc = "2.0"
    public var method: String
    public var params: JSONValue

    public init(method: String, params: JSONValue) {
        self.method = method
        self.params = params
    }
}

/// The protocol's framing: every message is one line of JSON. Encodes without pretty-printing,
/// with sorted keys, so a line is a stable string.
public enum Wire {
    public static func encode<T: Encodable>(_ value: T) -> String {
        // Our message types always encode; a failure would be a programmer error.
        String(decoding: try! encoder(.useDefaultKeys).encode(value), as: UTF8.self)
    }

    private static func encoder(_ keys: JSONEncoder.KeyEncodingStrategy) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = keys
        return encoder
    }

    /// A value whose property names become snake_case keys (`referencePitch` → `reference_pitch`),
    /// as every key on the wire is: for types whose names are also the configuration file's keys.
    public static func snakeCasedValue<T: Encodable>(_ value: T) -> JSONValue {
        try! JSONDecoder().decode(JSONValue.self, from: encoder(.convertToSnakeCase).encode(value))
    }

    /// Decodes params (or a result) into a type; nil params decode from an empty object.
    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue?) throws -> T {
        try (value ?? .object([:])).decode(type)
    }

    /// One notification line, its params encoded straight from their type: no trip through
    /// `JSONValue`, which would encode and parse them once more (events go out by the thousand).
    public static func notification<Params: Encodable>(method: String, params: Params) -> String {
        encode(TypedNotification(method: method, params: params))
    }

    /// One response line, its result encoded straight from its type (see `notification`).
    public static func response<Result: Encodable>(id: JSONValue, result: Result) -> String {
        encode(TypedResponse(id: id, result: result))
    }

    /// One response line around a result `encode` already wrote: the same line as
    /// `response(id:result:)` (its keys sorted: id, jsonrpc, result), for a result kept encoded.
    public static func response(id: JSONValue, encodedResult: String) -> String {
        #"{"id":"# + encode(id) + #","jsonrpc":"2.0","result":"# + encodedResult + "}"
    }

    private struct TypedResponse<Result: Encodable>: Encodable {
        var jsonrpc = "2.0"
        var id: JSONValue
        var result: Result
    }

    private struct TypedNotification<Params: Encodable>: Encodable {
        var jsonrpc = "2.0"
        var method: String
        var params: Params
    }

    /// Turns an encodable value into a JSONValue (for results and notification params).
    public static func value<T: Encodable>(_ value: T) -> JSONValue {
        try! JSONDecoder().decode(JSONValue.self, from: Data(encode(value).utf8))
    }
}
