import Foundation

/// What a kind shows of itself that no other kind has: its question's details (the prompt's
/// `details.question`), and the fields its session and its open question add to `status`. Each
/// kind declares them as `Codable` values of its own (`IntervalQuestion.Details`,
/// `IntervalExercise.StatusDetails`); they go on the wire as one JSON object of their keys, and a
/// client decodes them back into the same types to word them (`ExerciseModule.watchQuestion`).
public typealias KindDetails = Codable & Sendable & Hashable

/// Nothing beyond the fields every kind has.
public struct NoDetails: Codable, Sendable, Hashable {
    public init() {}
}

extension [String: JSONValue] {
    /// The members of the JSON object `value` encodes to (none for a value that is not an object):
    /// how a kind's typed details become an event's fields.
    public init(encoding value: some Encodable) {
        self = JSONValue(encoding: value).objectValue
    }
}

extension JSONValue {
    /// `value` as the JSON it encodes to (`.null` for a value that does not encode).
    public init(encoding value: some Encodable) {
        self = (try? JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))) ?? .null
    }

    /// This JSON decoded as a `type`; throws where it has not that type's shape.
    public func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try JSONDecoder().decode(type, from: JSONEncoder().encode(self))
    }

    /// This JSON decoded as a `type`, or nil where it has not that type's shape.
    public func decoded<Value: Decodable>(as type: Value.Type) -> Value? {
        try? decode(type)
    }
}
