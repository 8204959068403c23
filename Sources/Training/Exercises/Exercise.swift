/// What a session trains: one kind's options, whichever kind it is.
public struct Exercise: Sendable {
    /// The options, a value of the kind's module type.
    public let options: any ExerciseModule

    /// An exercise of `options`' kind.
    public init(_ options: some ExerciseModule) {
        self.options = options
    }

    /// Which kind of exercise this is.
    public var kind: ExerciseKind { type(of: options).kind }

    /// The options as `type`, when this exercise is of that kind.
    public func options<Module: ExerciseModule>(as type: Module.Type) -> Module? {
        options as? Module
    }
}

extension Exercise: Hashable {
    public static func == (lhs: Exercise, rhs: Exercise) -> Bool {
        lhs.options.isEqual(to: rhs.options)
    }

    public func hash(into hasher: inout Hasher) {
        options.hash(into: &hasher)
    }
}

extension ExerciseModule {
    /// Whether `other` is the same kind with the same options.
    func isEqual(to other: any ExerciseModule) -> Bool {
        (other as? Self) == self
    }
}

extension Exercise: Codable {
    private typealias Key = NameKey

    /// `{"scale":{"_0":{…options…}}}`: the kind's name holding its options, the shape stored
    /// results have always had.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: kind.rawValue))
        try options.encodeOptions(into: &nested, forKey: .firstValue)
    }

    /// Decodes through the catalog: a kind it does not hold is refused with the list.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no exercise kind"))
        }
        let kind = try ExerciseKind(choosing: key.stringValue)
        let module = ExerciseCatalog.module(named: kind.rawValue)!
        let nested = try container.nestedContainer(keyedBy: Key.self, forKey: key)
        self.init(try module.decodeOptions(from: nested, forKey: .firstValue))
    }
}

extension ExerciseModule {
    func encodeOptions<K: CodingKey>(into container: inout KeyedEncodingContainer<K>, forKey key: K) throws {
        try container.encode(self, forKey: key)
    }

    static func decodeOptions<K: CodingKey>(from container: KeyedDecodingContainer<K>, forKey key: K) throws -> Self {
        try container.decode(Self.self, forKey: key)
    }
}
