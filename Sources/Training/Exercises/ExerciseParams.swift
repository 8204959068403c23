import MusicTheory

/// What `session.start` (or `eartrainctl start`) says of a kind's options: the params beyond
/// those every kind shares, read by the kind's module. A value it cannot take is a `Refusal`,
/// which the daemon answers as invalid params.
public struct ExerciseParams: Sendable, Hashable {
    /// The params by key (snake_case).
    public var values: [String: JSONValue]

    /// Why a param was refused, as the client reads it: `direction: 'sideways' is not one of …`.
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        public let description: String

        public init(_ description: String) {
            self.description = description
        }
    }

    public init(_ values: [String: JSONValue] = [:]) {
        self.values = values
    }

    /// A text value, or nil when absent.
    public func string(_ key: String) throws(Refusal) -> String? {
        switch values[key] {
        case nil, .null?: nil
        case .string(let text)?: text
        default: throw Self.wrongType(key)
        }
    }

    /// A boolean, or nil when absent.
    public func bool(_ key: String) throws(Refusal) -> Bool? {
        switch values[key] {
        case nil, .null?: nil
        case .bool(let value)?: value
        default: throw Self.wrongType(key)
        }
    }

    /// A whole number, or nil when absent.
    public func int(_ key: String) throws(Refusal) -> Int? {
        switch values[key] {
        case nil, .null?: return nil
        case .number(let value)? where value.rounded() == value && abs(value) < 9e15: return Int(value)
        default: throw Self.wrongType(key)
        }
    }

    /// A whole number within `range`, or nil when absent; one outside is refused with the range.
    public func int(_ key: String, within range: ClosedRange<Int>, unit: String = "") throws(Refusal) -> Int? {
        guard let value = try int(key) else { return nil }
        guard range.contains(value) else {
            throw Refusal("\(key) must be \(range.lowerBound)-\(range.upperBound)\(unit.isEmpty ? "" : " \(unit)"), got \(value)")
        }
        return value
    }

    /// A list of text, or nil when absent.
    public func strings(_ key: String) throws(Refusal) -> [String]? {
        switch values[key] {
        case nil, .null?: return nil
        case .array(let elements)?:
            var texts: [String] = []
            for (index, element) in elements.enumerated() {
                guard case .string(let text) = element else { throw Self.wrongType("\(key).\(index)") }
                texts.append(text)
            }
            return texts
        default: throw Self.wrongType(key)
        }
    }

    /// A name from a closed list; an unknown one is refused with the list.
    public func choice<Choice: NamedChoice>(_ key: String, _ type: Choice.Type) throws(Refusal) -> Choice? {
        guard let text = try string(key) else { return nil }
        do {
            return try Choice(choosing: text)
        } catch {
            throw Refusal("\(key): \(error.description)")
        }
    }

    /// A text value turned into a theory value; its error (which lists what is accepted) is the refusal.
    public func parsed<Value>(_ key: String, _ parse: (String) throws(TheoryError) -> Value) throws(Refusal) -> Value? {
        guard let text = try string(key) else { return nil }
        return try Self.theory { () throws(TheoryError) in try parse(text) }
    }

    /// Runs a theory parse, turning its error into a refusal that names what is accepted.
    public static func theory<Value>(_ parse: () throws(TheoryError) -> Value) throws(Refusal) -> Value {
        do {
            return try parse()
        } catch {
            throw Refusal(error.description)
        }
    }

    private static func wrongType(_ key: String) -> Refusal {
        Refusal("wrong type at '\(key)'")
    }
}

extension ExerciseModule {
    /// These options with `params` read over them, as an exercise.
    public func options(from params: ExerciseParams) throws(ExerciseParams.Refusal) -> Exercise {
        Exercise(try Self.options(from: params, over: self))
    }
}

extension ExerciseParams {
    /// `root`: a root (`D`, `Eb3`, `51`), or `random` for nil; `base` when absent.
    public func root(over base: RootNote?) throws(Refusal) -> RootNote? {
        guard let text = try string("root") else { return base }
        return text == "random" ? nil : try Self.theory { () throws(TheoryError) in try RootNote(parsing: text) }
    }

    /// The `tries` a request may give.
    public static let triesRange = 1...20

    /// `tries`: wrong answers before the answer is shown, 1–20; `base` when absent.
    public func tries(over base: Int) throws(Refusal) -> Int {
        try int("tries", within: Self.triesRange) ?? base
    }
}
