/// A kind's own fields, written beside a message's common ones in the same object (a rhythm
/// play-back's `onsets`, a scale round's `scale`): the kind's own types (`KindDetails`) encode
/// and decode them.
public typealias KindFields = [String: JSONValue]

/// A message's own fields and, beside them in the same JSON object, a kind's (`note_judged`'s
/// details with a rhythm's `onsets`). The message's type reads and writes its own keys; the kind's
/// are every other key of the object. Reading a member of the message reads it through this.
@dynamicMemberLookup
public struct WithKindFields<Own: Codable & Hashable & Sendable>: Sendable, Hashable {
    public var own: Own
    public var kindFields: KindFields

    public init(_ own: Own, kindFields: KindFields = [:]) {
        self.own = own
        self.kindFields = kindFields
    }

    public subscript<Value>(dynamicMember path: KeyPath<Own, Value>) -> Value { own[keyPath: path] }

    /// The keys the message itself writes.
    private static func keys(of own: Own) -> Set<String> { Set(JSONValue(encoding: own).objectValue.keys) }
}

extension WithKindFields: Codable {
    public init(from decoder: any Decoder) throws {
        own = try Own(from: decoder)
        let ownKeys = Self.keys(of: own)
        let container = try decoder.container(keyedBy: AnyKey.self)
        var fields: KindFields = [:]
        for key in container.allKeys where !ownKeys.contains(key.stringValue) {
            fields[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        kindFields = fields
    }

    public func encode(to encoder: any Encoder) throws {
        let ownKeys = Self.keys(of: own)
        var container = encoder.container(keyedBy: AnyKey.self)
        for (key, value) in kindFields where !ownKeys.contains(key) {
            try container.encode(value, forKey: AnyKey(stringValue: key))
        }
        try own.encode(to: encoder)
    }
}

/// Any key, for the kind's fields beside a message's own.
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
