/// A kind's own fields, written beside a message's common ones in the same object (a rhythm
/// play-back's `onsets`, a scale round's `scale`): the kind module spells and reads them.
public typealias KindFields = [String: JSONValue]

/// Any key, for the kind's fields beside a message's own.
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Encoder {
    /// Writes `fields` into this object, leaving out the keys the message itself writes.
    func encode<Keys: CodingKey & CaseIterable>(kindFields fields: KindFields, besides keys: Keys.Type) throws {
        let own = Set(Keys.allCases.map(\.stringValue))
        var container = container(keyedBy: AnyKey.self)
        for (key, value) in fields where !own.contains(key) {
            try container.encode(value, forKey: AnyKey(stringValue: key))
        }
    }
}

extension Decoder {
    /// The members of this object that are not the message's own keys.
    func kindFields<Keys: CodingKey & CaseIterable>(besides keys: Keys.Type) throws -> KindFields {
        let own = Set(Keys.allCases.map(\.stringValue))
        let container = try container(keyedBy: AnyKey.self)
        var fields: KindFields = [:]
        for key in container.allKeys where !own.contains(key.stringValue) {
            fields[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        return fields
    }
}
