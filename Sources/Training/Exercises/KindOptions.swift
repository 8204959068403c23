/// A kind's options, declared once (`KindOption`): reading params and the config section, and
/// the command line's list, all go through them, in the order declared.
public struct KindOptions<Options>: Sendable {
    public let all: [any KindOption<Options>]

    public init(_ all: [any KindOption<Options>]) {
        self.all = all
    }

    /// The options `params` give, over `base`.
    public func apply(_ params: ExerciseParams, over base: Options) throws(ExerciseParams.Refusal) -> Options {
        var options = base
        for option in all { try option.apply(params, to: &options) }
        return options
    }

    /// The options the config section gives, over `base`.
    public func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, over base: Options) throws(Reader.Failure) -> Options {
        var options = base
        for option in all { try option.read(&reader, into: &options) }
        return options
    }

    /// How `eartrainctl start` spells them.
    public var commandLine: [ExerciseCommandLine.Option] { all.flatMap { [$0.commandLine] + $0.alsoOnCommandLine } }
}

/// An option of a part, as an option of the whole that holds the part.
struct PartOption<Whole, Part>: KindOption, @unchecked Sendable {
    let option: any KindOption<Part>
    let part: WritableKeyPath<Whole, Part>

    var commandLine: ExerciseCommandLine.Option { option.commandLine }
    var configKey: String { option.configKey }
    var alsoOnCommandLine: [ExerciseCommandLine.Option] { option.alsoOnCommandLine }

    func apply(_ params: ExerciseParams, to options: inout Whole) throws(ExerciseParams.Refusal) {
        try option.apply(params, to: &options[keyPath: part])
    }

    func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, into options: inout Whole) throws(Reader.Failure) {
        try option.read(&reader, into: &options[keyPath: part])
    }
}

extension KindOption {
    /// This option of a part (`RhythmTiming`) as an option of the whole that holds it at `part`.
    public func within<Whole>(_ part: WritableKeyPath<Whole, Options>) -> any KindOption<Whole> {
        PartOption(option: self, part: part)
    }
}

/// A kind whose options are declared once (`KindOption`): its params, its config section and its
/// command line come from `declaredOptions`.
public protocol DeclaresOptions: ExerciseModule {
    /// Every option, in the order the command line lists them.
    static var declaredOptions: KindOptions<Self> { get }
    /// What the kind trains, in one line (`eartrainctl start --help`).
    static var abstract: String { get }
    /// Checks options read from params together, refused as params are; by default nothing (the
    /// engine checks them when the session starts).
    static func check(params options: Self) throws(ExerciseParams.Refusal)
    /// Checks options read from the config section together, refused naming the file and line;
    /// by default nothing.
    static func check<Reader: ExerciseOptionsReader>(section options: Self, reader: inout Reader) throws(Reader.Failure)
    /// The words the command line takes besides the options (a scale's `dorian D`); none by default.
    static var commandLineWords: (help: String, read: ExerciseCommandLine.Words)? { get }
}

extension DeclaresOptions {
    public static func check(params options: Self) throws(ExerciseParams.Refusal) {}
    public static func check<Reader: ExerciseOptionsReader>(section options: Self, reader: inout Reader) throws(Reader.Failure) {}
    public static var commandLineWords: (help: String, read: ExerciseCommandLine.Words)? { nil }

    public static func options(from params: ExerciseParams, over base: Self) throws(ExerciseParams.Refusal) -> Self {
        let options = try declaredOptions.apply(params, over: base)
        try check(params: options)
        return options
    }

    public static func options<Reader: ExerciseOptionsReader>(reading section: inout Reader) throws(Reader.Failure) -> Self {
        let options = try declaredOptions.read(&section, over: defaults)
        try check(section: options, reader: &section)
        return options
    }

    public static var commandLine: ExerciseCommandLine {
        ExerciseCommandLine(abstract: abstract, options: declaredOptions.commandLine, wordsHelp: commandLineWords?.help, words: commandLineWords?.read)
    }
}
