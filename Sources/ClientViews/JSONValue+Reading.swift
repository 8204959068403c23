import ControlProtocol

/// Reading the daemon's JSON without decoding it into a type first.
extension JSONValue {
    /// The member `key` of an object.
    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The string, if this is one.
    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, if this is one.
    var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The Boolean, if this is one.
    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, or none if this is not an array.
    var arrayValue: [JSONValue] {
        if case .array(let value) = self { return value }
        return []
    }

    /// The members, or none if this is not an object.
    var objectValue: [String: JSONValue] {
        if case .object(let value) = self { return value }
        return [:]
    }
}
