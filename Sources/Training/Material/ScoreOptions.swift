import MusicTheory

/// Files or folders of scores: `--from a.mxl,songs/`, `from = ["a.mxl", "songs/"]`. An empty list
/// takes the questions from the kind's own generator again.
public struct PathsOption<Options>: KindOption, @unchecked Sendable {
    public let commandLine: ExerciseCommandLine.Option
    public let configKey: String
    let value: WritableKeyPath<Options, [String]>

    public init(_ name: String, _ value: WritableKeyPath<Options, [String]>, help: String) {
        commandLine = .init(name, .paths, help: help)
        configKey = commandLine.key
        self.value = value
    }

    public func apply(_ params: ExerciseParams, to options: inout Options) throws(ExerciseParams.Refusal) {
        guard let paths = try params.strings(commandLine.key) else { return }
        options[keyPath: value] = try paths.map { path throws(ExerciseParams.Refusal) in try Self.checked(path, key: commandLine.key) }
    }

    public func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, into options: inout Options) throws(Reader.Failure) {
        let key = configKey
        options[keyPath: value] = try reader.array(configKey, options[keyPath: value], allowEmpty: true) { path in try Self.checked(path, key: key) }
    }

    /// A path as the daemon takes it: absolute (the command line makes a relative one so), of
    /// reasonable length, with no control characters.
    static func checked(_ path: String, key: String) throws(ExerciseParams.Refusal) -> String {
        guard path.hasPrefix("/") else {
            throw ExerciseParams.Refusal("\(key): '\(path)' is not an absolute path (eartrainctl makes a relative one absolute; the config file must give it whole)")
        }
        guard path.utf8.count <= 4096, !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw ExerciseParams.Refusal("\(key): not a path: too long, or with control characters")
        }
        return path
    }
}

/// A value written as free text and read by `parse`, which refuses in its own words: a score's
/// part (`--part violin`), a span of bars (`--bars 1-4`).
public struct TextOption<Options, Value>: KindOption, @unchecked Sendable {
    public let commandLine: ExerciseCommandLine.Option
    public let configKey: String
    let value: WritableKeyPath<Options, Value>
    let parse: @Sendable (String) throws(ExerciseParams.Refusal) -> Value

    /// `name` on the command line, offering `choices` (a form's list; any text `parse` takes is taken).
    public init(_ name: String, _ value: WritableKeyPath<Options, Value>, choices: [ExerciseCommandLine.Option.Choice],
                parse: @escaping @Sendable (String) throws(ExerciseParams.Refusal) -> Value, help: String) {
        commandLine = .init(name, .text, choices: choices, help: help)
        configKey = commandLine.key
        self.value = value
        self.parse = parse
    }

    public func apply(_ params: ExerciseParams, to options: inout Options) throws(ExerciseParams.Refusal) {
        guard let text = try params.string(commandLine.key) else { return }
        do { options[keyPath: value] = try parse(text) } catch { throw ExerciseParams.Refusal("\(commandLine.key): \(error)") }
    }

    public func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, into options: inout Options) throws(Reader.Failure) {
        let parse = parse
        options[keyPath: value] = try reader.parsed(configKey, options[keyPath: value]) { text in try parse(text) }
    }
}

extension TextOption where Value == String? {
    /// `--part`: a score's part or track by its number, name or id (`dictation`, `rhythm`).
    public static func scorePart(_ value: WritableKeyPath<Options, String?>) -> Self {
        TextOption("part", value, choices: .numbers(1...4), parse: { text throws(ExerciseParams.Refusal) in text.isEmpty ? nil : text },
                   help: "With --from: the part or track, by its number, name or id (default: the first with notes).")
    }
}

extension ScoreRequest {
    /// `2`, `1-4`: a span of bars as the summaries and refusals say it.
    public static func barsText(_ bars: ClosedRange<Int>) -> String {
        bars.count == 1 ? "\(bars.lowerBound)" : "\(bars.lowerBound)-\(bars.upperBound)"
    }

    /// `minuet.mxl`, `minuet.mxl and 2 more`: the files by their names, `more` after them.
    public static func filesText(_ paths: [String], more: [String] = []) -> String {
        let names = paths.map { $0.split(separator: "/").last.map(String.init) ?? $0 } + more
        return names[0] + (names.count > 1 ? " and \(names.count - 1) more" : "")
    }

    /// The longest phrase asked for, in bars.
    public static let mostBars = 16

    /// `--bars 2` or `--bars 1-4`: whole bars, 1 to `mostBars`.
    public static func bars(parsing text: String) throws(ExerciseParams.Refusal) -> ClosedRange<Int> {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.filter { $0 != " " }) }
        let refusal = ExerciseParams.Refusal("a phrase's bars are a number or a span, 1-\(mostBars): '2' or '1-4', not '\(text)'")
        guard (1...2).contains(ends.count), let low = ends.first ?? nil, let high = ends.last ?? nil, low <= high,
              (1...mostBars).contains(low), (1...mostBars).contains(high) else { throw refusal }
        return low...high
    }
}
