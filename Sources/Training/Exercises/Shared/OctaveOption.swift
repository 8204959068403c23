import MusicTheory

/// Whether only the octave heard counts (`exactOctave`), as a kind that takes a note in any
/// octave or in its own declares it: the `strict` param (the command line's `--strict`, or
/// `--any-octave` turning it off), the config's `matching` (`exact-octave` or `pitch-class`;
/// `in-direction` is refused with `refusal`, scales' own).
public struct OctaveOption<Options>: KindOption, @unchecked Sendable {
    public let commandLine: ExerciseCommandLine.Option
    public var configKey: String { "matching" }
    let value: WritableKeyPath<Options, Bool>
    let refusal: String

    /// The `--strict` flag, or with `anyOctave` the `--any-octave` one.
    public init(_ value: WritableKeyPath<Options, Bool>, anyOctave: Bool = false, refusingInDirection refusal: String, help: String) {
        commandLine = anyOctave ? .init("any-octave", key: "strict", .flag(.bool(false)), help: help) : .init("strict", .flag(.bool(true)), help: help)
        self.value = value
        self.refusal = refusal
    }

    public func apply(_ params: ExerciseParams, to options: inout Options) throws(ExerciseParams.Refusal) {
        if let strict = try params.bool(commandLine.key) { options[keyPath: value] = strict }
    }

    public func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, into options: inout Options) throws(Reader.Failure) {
        let refusal = refusal
        options[keyPath: value] = try reader.parsed(configKey, options[keyPath: value]) { text in
            switch try AnswerMatching(choosing: text) {
            case .exactOctave: true
            case .pitchClass: false
            case .inDirection: throw TrainingError(refusal)
            }
        }
    }
}
