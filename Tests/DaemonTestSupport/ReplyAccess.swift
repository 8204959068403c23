import ControlClient
import ControlProtocol
import Foundation

extension ControlConnection {
    /// Calls and returns the result object, or fails with the error's message.
    public func result(_ method: String, _ params: JSONValue? = nil, notifications: inout [RPCNotification]) async throws -> JSONValue {
        var collected: [RPCNotification] = []
        let response = try await call(method, params: params) { collected.append($0) }
        notifications += collected
        if let error = response.error { throw error }
        return response.result ?? .null
    }

    /// Calls and returns the result object, ignoring notifications.
    public func result(_ method: String, _ params: JSONValue? = nil) async throws -> JSONValue {
        var ignored: [RPCNotification] = []
        return try await result(method, params, notifications: &ignored)
    }

    /// Calls and decodes the result as the message type the method answers with.
    public func result<Result: Decodable>(_ method: String, _ params: JSONValue? = nil, as type: Result.Type) async throws -> Result {
        try Wire.decode(type, from: try await result(method, params))
    }
}

/// Parses a JSON object from text, for tests.
public func jsonObject(_ text: String) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
}
