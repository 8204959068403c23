/// What one answer trains, the row it is counted under in the results: made by the exercise's
/// module (`degree 3` for a scale, `m6` for an interval).
public struct AnswerSubject: Sendable {
    /// What sort of subject: `degree`, `interval`; subjects of different sorts never meet in a
    /// session. The statistics fill the answer column of this name, when there is one.
    public let category: String
    /// As the results show it: `degree 3`, `m6`.
    public let label: String
    /// The value behind the label as JSON: `3`, `"m6"`.
    public let value: JSONValue
    /// The order of rows: compared element by element (degrees in order, intervals by size).
    public let order: [Int]
    /// How the voice names it once heard ("a minor sixth", "a minor chord"); nil: its label, read
    /// aloud (not stored, not on the wire).
    public let spoken: String?

    /// A subject; modules make these.
    public init(category: String, label: String, value: JSONValue, order: [Int], spoken: String? = nil) {
        self.category = category
        self.label = label
        self.value = value
        self.order = order
        self.spoken = spoken
    }

    /// What the voice says after the answer: its name as words.
    public var heard: String { spoken ?? SpokenText.readable(label) }
}

extension AnswerSubject: Hashable {
    public static func == (lhs: AnswerSubject, rhs: AnswerSubject) -> Bool {
        lhs.order == rhs.order && lhs.category == rhs.category && lhs.label == rhs.label
    }

    /// Hashes numbers only: results are tallied on every note, and the order identifies a
    /// subject within its session.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(order)
    }
}

extension AnswerSubject: Comparable {
    /// By `order`, element by element.
    public static func < (lhs: AnswerSubject, rhs: AnswerSubject) -> Bool {
        lhs.order.lexicographicallyPrecedes(rhs.order)
    }
}

extension AnswerSubject: Codable {
    private typealias Key = NameKey

    /// `{"degree":{"_0":3,"label":"degree 3","order":[0,3]}}`: the category holding the value (the
    /// shape stored results had when subjects were an enum), its label and its order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: category))
        try nested.encode(value, forKey: Key(stringValue: "_0"))
        try nested.encode(label, forKey: Key(stringValue: "label"))
        try nested.encode(order, forKey: Key(stringValue: "order"))
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no subject"))
        }
        let nested = try container.nestedContainer(keyedBy: Key.self, forKey: key)
        self.init(
            category: key.stringValue, label: try nested.decode(String.self, forKey: Key(stringValue: "label")),
            value: try nested.decode(JSONValue.self, forKey: Key(stringValue: "_0")),
            order: try nested.decode([Int].self, forKey: Key(stringValue: "order")))
    }
}

extension AnswerSubject: CustomStringConvertible {
    /// `degree 3`, `m6`.
    public var description: String { label }
}
