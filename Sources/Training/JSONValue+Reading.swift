/// Reading JSON without decoding it into a type first: the one set of readers, for the clients,
/// the tests and the probes.
extension JSONValue {
    /// The member `key` of an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, if this is one.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The Boolean, if this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, or none if this is not an array.
    public var arrayValue: [JSONValue] {
        if case .array(let value) = self { return value }
        return []
    }

    /// The members, or none if this is not an object.
    public var objectValue: [String: JSONValue] {
        if case .object(let value) = self { return value }
        return [:]
    }
}
