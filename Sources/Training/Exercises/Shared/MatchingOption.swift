import MusicTheory

/// How a played note is taken: the `strict` param (the command line's `--strict`, or
/// `--any-octave` turning it off: the exact octave, or false for any), the config's `matching`
/// (`pitch-class`, `exact-octave`, and `in-direction` where a kind takes it: a scale's; another
/// kind refuses it with `refusal`).
public struct MatchingOption<Options>: KindOption, @unchecked Sendable {
    public let commandLine: ExerciseCommandLine.Option
    public var configKey: String { "matching" }
    let value: WritableKeyPath<Options, AnswerMatching>
    /// Why `in-direction` is refused; nil: the kind takes it.
    let refusal: String?

    /// The `--strict` flag, or with `anyOctave` the `--any-octave` one.
    public init(_ value: WritableKeyPath<Options, AnswerMatching>, anyOctave: Bool = false, refusingInDirection refusal: String?,
                help: String) {
        commandLine = anyOctave ? .init("any-octave", key: "strict", .flag(.bool(false)), help: help) : .init("strict", .flag(.bool(true)), help: help)
        self.value = value
        self.refusal = refusal
    }

    public func apply(_ params: ExerciseParams, to options: inout Options) throws(ExerciseParams.Refusal) {
        if let strict = try params.bool(commandLine.key) { options[keyPath: value] = strict ? .exactOctave : .pitchClass }
    }

    public func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, into options: inout Options) throws(Reader.Failure) {
        let refusal = refusal
        options[keyPath: value] = try reader.parsed(configKey, options[keyPath: value]) { text in
            let matching = try AnswerMatching(choosing: text)
            if matching == .inDirection, let refusal { throw TrainingError(refusal) }
            return matching
        }
    }
}

/// A kind that takes a note in the octave heard or in any (`exactOctave`), its matching as
/// `MatchingOption` sets it.
public protocol TakesOctave {
    var exactOctave: Bool { get set }
}

extension TakesOctave {
    /// `exactOctave` as a matching: the exact octave, or the pitch class.
    public var matching: AnswerMatching {
        get { exactOctave ? .exactOctave : .pitchClass }
        set { exactOctave = newValue == .exactOctave }
    }
}
