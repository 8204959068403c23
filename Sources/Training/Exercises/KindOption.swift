import MusicTheory

/// One option of a kind, declared once: its name, its type, its range or choices and its help.
/// The command line (`eartrainctl start KIND --name value`), the `session.start` param and the
/// config section's key all come from the declaration (`ExerciseModule.declaredOptions`), and
/// each keeps the words it refused with before.
public protocol KindOption<Options>: Sendable {
    associatedtype Options
    /// How `eartrainctl start` and the start form spell it; its `key` is the `session.start` param.
    var commandLine: ExerciseCommandLine.Option { get }
    /// The key in the config's `[training.<kind>]` section (the param's, unless said otherwise).
    var configKey: String { get }
    /// Sets it from `session.start` params when they give it.
    func apply(_ params: ExerciseParams, to options: inout Options) throws(ExerciseParams.Refusal)
    /// Sets it from the config section when it gives it.
    func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, into options: inout Options) throws(Reader.Failure)
    /// More command-line spellings of it (a flag's opposite); none by default.
    var alsoOnCommandLine: [ExerciseCommandLine.Option] { get }
}

extension KindOption {
    public var alsoOnCommandLine: [ExerciseCommandLine.Option] { [] }
}

/// A whole number within a range: `--bars 2`, `bars = 2`.
public struct NumberOption<Options>: KindOption, @unchecked Sendable {
    public let commandLine: ExerciseCommandLine.Option
    public let configKey: String
    let value: WritableKeyPath<Options, Int>
    let range: ClosedRange<Int>
    /// What the number counts, in the refusal: `bars`, `beats per minute`.
    let unit: String

    /// `name` on the command line (its param and config key in snake_case unless given), offering
    /// `choices` (by default every number of the range).
    public init(_ name: String, _ value: WritableKeyPath<Options, Int>, in range: ClosedRange<Int>, unit: String = "",
                configKey: String? = nil, choices: [ExerciseCommandLine.Option.Choice]? = nil, help: String) {
        commandLine = .init(name, .number, choices: choices ?? .numbers(range), help: help)
        self.configKey = configKey ?? commandLine.key
        self.value = value
        self.range = range
        self.unit = unit
    }

    public func apply(_ params: ExerciseParams, to options: inout Options) throws(ExerciseParams.Refusal) {
        if let number = try params.int(commandLine.key, within: range, unit: unit) { options[keyPath: value] = number }
    }

    public func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, into options: inout Options) throws(Reader.Failure) {
        // Set only when it changes: a number that stands for more (a level's progressions) is left alone when absent.
        let number = try reader.int(configKey, options[keyPath: value], in: range)
        if number != options[keyPath: value] { options[keyPath: value] = number }
    }
}

/// On or off: `--strict` sets it (a flag), `strict = true`; the param takes `true` or `false`.
public struct FlagOption<Options>: KindOption, @unchecked Sendable {
    public let commandLine: ExerciseCommandLine.Option
    public let configKey: String
    let value: WritableKeyPath<Options, Bool>

    /// The flag that sets it the other way, if the command line has one (`--cadence-each-question`).
    public let opposite: ExerciseCommandLine.Option?

    /// `name` sets it to `setTo` (true unless a flag turns it off: `--cadence-on-new-key`);
    /// `opposite` names a flag that sets it back, with its help.
    public init(_ name: String, _ value: WritableKeyPath<Options, Bool>, key: String? = nil, setTo: Bool = true,
                configKey: String? = nil, opposite: (name: String, help: String)? = nil, help: String) {
        commandLine = .init(name, key: key, .flag(.bool(setTo)), help: help)
        self.configKey = configKey ?? commandLine.key
        self.value = value
        self.opposite = opposite.map { .init($0.name, key: key, .flag(.bool(!setTo)), help: $0.help) }
    }

    public var alsoOnCommandLine: [ExerciseCommandLine.Option] { opposite.map { [$0] } ?? [] }

    public func apply(_ params: ExerciseParams, to options: inout Options) throws(ExerciseParams.Refusal) {
        if let flag = try params.bool(commandLine.key) { options[keyPath: value] = flag }
    }

    public func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, into options: inout Options) throws(Reader.Failure) {
        options[keyPath: value] = try reader.bool(configKey, options[keyPath: value])
    }
}

/// One of a closed list of names: `--click steady`, `click = "steady"`.
public struct ChoiceOption<Options, Choice: NamedChoice>: KindOption, @unchecked Sendable {
    public let commandLine: ExerciseCommandLine.Option
    public let configKey: String
    let value: WritableKeyPath<Options, Choice>

    /// `name`, offering `choices` (by default every name of `Choice`).
    public init(_ name: String, _ value: WritableKeyPath<Options, Choice>, configKey: String? = nil,
                choices: [ExerciseCommandLine.Option.Choice]? = nil, help: String) {
        commandLine = .init(name, .text, choices: choices ?? .named(Choice.self), help: help)
        self.configKey = configKey ?? commandLine.key
        self.value = value
    }

    /// A flag that sets the param `key` to `choice` (`--descending`: `direction = "descending"`).
    public init(flag name: String, _ value: WritableKeyPath<Options, Choice>, key: String, setting choice: Choice, help: String) {
        commandLine = .init(name, key: key, .flag(.string(choice.rawValue)), help: help)
        configKey = key
        self.value = value
    }

    public func apply(_ params: ExerciseParams, to options: inout Options) throws(ExerciseParams.Refusal) {
        if let choice = try params.choice(commandLine.key, Choice.self) { options[keyPath: value] = choice }
    }

    public func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, into options: inout Options) throws(Reader.Failure) {
        options[keyPath: value] = try reader.parsed(configKey, options[keyPath: value]) { try Choice(choosing: $0) }
    }
}

/// The root a kind's questions are on: `--root Eb3`, or `random` for one the kind chooses.
public struct RootOption<Options>: KindOption, @unchecked Sendable {
    public let commandLine: ExerciseCommandLine.Option
    public var configKey: String { "root" }
    let value: WritableKeyPath<Options, RootNote?>

    public init(_ value: WritableKeyPath<Options, RootNote?>, random: Bool = true, help: String) {
        commandLine = .init("root", .text, choices: .roots(random: random), help: help)
        self.value = value
    }

    public func apply(_ params: ExerciseParams, to options: inout Options) throws(ExerciseParams.Refusal) {
        options[keyPath: value] = try params.root(over: options[keyPath: value])
    }

    public func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, into options: inout Options) throws(Reader.Failure) {
        options[keyPath: value] = try reader.root(options[keyPath: value])
    }
}

/// Wrong answers before the answer is shown: `--tries 3` and the param `tries`, the config's
/// `tries_before_reveal`.
public struct TriesOption<Options>: KindOption, @unchecked Sendable {
    public let commandLine: ExerciseCommandLine.Option
    public var configKey: String { "tries_before_reveal" }
    let value: WritableKeyPath<Options, Int>

    public init(_ value: WritableKeyPath<Options, Int>, help: String) {
        commandLine = .init("tries", .number, choices: .numbers(ExerciseParams.triesRange), help: help)
        self.value = value
    }

    public func apply(_ params: ExerciseParams, to options: inout Options) throws(ExerciseParams.Refusal) {
        options[keyPath: value] = try params.tries(over: options[keyPath: value])
    }

    public func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, into options: inout Options) throws(Reader.Failure) {
        options[keyPath: value] = try reader.int(configKey, options[keyPath: value], in: ExerciseParams.triesRange)
    }
}

/// A list of values, comma-separated on the command line: `--intervals M3,P5`, `intervals = ["M3", "P5"]`.
public struct ListOption<Options, Element>: KindOption, @unchecked Sendable {
    public let commandLine: ExerciseCommandLine.Option
    public let configKey: String
    let value: WritableKeyPath<Options, [Element]>
    /// What one of them is called, when an empty list is refused (`chord quality`); nil: it is taken.
    let noun: String?
    /// Whether a name that cannot be read is refused with the key first (`qualities: …`).
    let keyFirst: Bool
    /// Names left out wherever they are given (`P1`: the same note, which is no interval to add).
    let ignored: Set<String>
    let parse: @Sendable (String) throws -> Element

    public init(_ name: String, _ value: WritableKeyPath<Options, [Element]>, choices: [ExerciseCommandLine.Option.Choice],
                nonEmpty noun: String? = nil, keyFirst: Bool = true, ignoring ignored: Set<String> = [],
                parse: @escaping @Sendable (String) throws -> Element, help: String) {
        commandLine = .init(name, .list, choices: choices, help: help)
        configKey = commandLine.key
        self.value = value
        self.noun = noun
        self.keyFirst = keyFirst
        self.ignored = ignored
        self.parse = parse
    }

    public func apply(_ params: ExerciseParams, to options: inout Options) throws(ExerciseParams.Refusal) {
        guard let names = try params.strings(commandLine.key) else { return }
        if let noun, names.isEmpty { throw ExerciseParams.Refusal("\(commandLine.key) must name at least one \(noun)") }
        var values: [Element] = []
        for name in names where !ignored.contains(name) {
            do { values.append(try parse(name)) } catch {
                throw ExerciseParams.Refusal(keyFirst ? "\(commandLine.key): \(error)" : "\(error)")
            }
        }
        options[keyPath: value] = values
    }

    public func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, into options: inout Options) throws(Reader.Failure) {
        let ignored = ignored, parse = parse
        let current = options[keyPath: value].map { Optional($0) }
        let read = try reader.array(configKey, current, allowEmpty: noun == nil) { name in ignored.contains(name) ? nil : try parse(name) }
        options[keyPath: value] = read.compactMap { $0 }
    }
}

/// A value read from its text by `parse`, which the theory refuses in its own words: a mode
/// (`--mode dorian`), a scale's root (`--root Eb3`).
public struct ParsedOption<Options, Value>: KindOption, @unchecked Sendable {
    public let commandLine: ExerciseCommandLine.Option
    public let configKey: String
    let value: WritableKeyPath<Options, Value>
    let parse: @Sendable (String) throws(TheoryError) -> Value

    public init(_ name: String, _ value: WritableKeyPath<Options, Value>, choices: [ExerciseCommandLine.Option.Choice],
                parse: @escaping @Sendable (String) throws(TheoryError) -> Value, help: String) {
        commandLine = .init(name, .text, choices: choices, help: help)
        configKey = commandLine.key
        self.value = value
        self.parse = parse
    }

    public func apply(_ params: ExerciseParams, to options: inout Options) throws(ExerciseParams.Refusal) {
        if let parsed = try params.parsed(commandLine.key, parse) { options[keyPath: value] = parsed }
    }

    public func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, into options: inout Options) throws(Reader.Failure) {
        let parse = parse
        options[keyPath: value] = try reader.parsed(configKey, options[keyPath: value]) { try parse($0) }
    }
}
