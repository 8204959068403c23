/// How `eartrainctl start KIND …` spells a kind's own params: its options (`--root C3`,
/// `--intervals m3,P5`, `--descending`) and, for a kind that takes them, words (`dorian D`).
/// The client parses them with `params(from:)`; a kind with none takes just the shared options.
public struct ExerciseCommandLine: Sendable {
    /// One option: `--name value` or a flag, and the param it sets.
    public struct Option: Sendable {
        /// What the option takes.
        public enum Value: Sendable {
            /// A text value, set as a string.
            case text
            /// A whole number.
            case number
            /// Comma-separated text, set as a list (`m3,P5`).
            case list
            /// Comma-separated files or folders, set as a list: the command line makes a relative
            /// one absolute from where it runs (`params(from:resolvingPaths:)`); the web view's form
            /// offers none (a score on the box is named at the box).
            case paths
            /// No value: the flag sets the param to this.
            case flag(JSONValue)
        }

        /// The option's name without `--`.
        public let name: String
        /// The param it sets (snake_case).
        public let key: String
        public let value: Value
        /// One line of help.
        public let help: String
        /// The values a form offers (one of them, or for a list any of them), when the kind
        /// states them; empty for a value typed freely. The command line takes these and may
        /// take other spellings too (`C#/Db`, a MIDI number, `major` for ionian).
        public let choices: [Choice]

        /// It names files or folders (`Value.paths`).
        public var isPaths: Bool {
            if case .paths = value { true } else { false }
        }

        public init(_ name: String, key: String? = nil, _ value: Value, choices: [Choice] = [], help: String) {
            self.name = name
            self.key = key ?? name.replacingAll("-", with: "_")
            self.value = value
            self.choices = choices
            self.help = help
        }
    }

    /// Reads the words left once the options are taken into the params (a scale's mode and root).
    public typealias Words = @Sendable (_ words: [String], _ values: inout [String: JSONValue]) throws(ExerciseParams.Refusal) -> Void

    /// What the kind trains, in one line.
    public var abstract: String
    /// Its options.
    public var options: [Option]
    /// What its words are, or nil when it takes none.
    public var wordsHelp: String?
    var words: Words?

    public init(abstract: String, options: [Option] = [], wordsHelp: String? = nil, words: Words? = nil) {
        self.abstract = abstract
        self.options = options
        self.wordsHelp = wordsHelp
        self.words = words
    }

    /// The params `arguments` say: options by name (`--name value`, `--name=value`), the rest words;
    /// each path through `resolve` (the command line's makes a relative one absolute).
    public func params(from arguments: [String], resolvingPaths resolve: (String) -> String = { $0 }) throws(ExerciseParams.Refusal) -> ExerciseParams {
        var values: [String: JSONValue] = [:]
        var words: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else {
                words.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var given: String?
            if let equals = name.firstIndex(of: "=") {
                given = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = options.first(where: { $0.name == name }) else {
                let known = options.map { "--\($0.name)" }.joined(separator: ", ")
                throw ExerciseParams.Refusal("unknown option '--\(name)'" + (known.isEmpty ? "" : "; known: \(known)"))
            }
            if case .flag(let value) = option.value {
                values[option.key] = value
                continue
            }
            guard let text = given ?? remaining.popFirst() else { throw ExerciseParams.Refusal("--\(name) needs a value") }
            switch option.value {
            case .text: values[option.key] = .string(text)
            case .number:
                guard let number = Int(text) else { throw ExerciseParams.Refusal("--\(name) takes a whole number, not '\(text)'") }
                values[option.key] = .number(Double(number))
            case .list:
                values[option.key] = .array(text.split(separator: ",").map { .string(String($0).trimmedOfSpaces) })
            case .paths:
                values[option.key] = .array(text.split(separator: ",").map { .string(resolve(String($0).trimmedOfSpaces)) })
            case .flag: break
            }
        }
        if let read = self.words {
            try read(words, &values)
        } else if let word = words.first {
            throw ExerciseParams.Refusal("unexpected argument '\(word)'")
        }
        return ExerciseParams(values)
    }

    /// The help a person reads: the words, then one line per option.
    public var help: String {
        var lines = [abstract]
        if let wordsHelp { lines.append("  words: \(wordsHelp)") }
        for option in options {
            let value = switch option.value {
            case .text: " <text>"
            case .number: " <n>"
            case .list: " <a,b,…>"
            case .paths: " <file,folder,…>"
            case .flag: ""
            }
            lines.append("  --\(option.name)\(value)  \(option.help)")
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func replacingAll(_ character: Character, with replacement: Character) -> String {
        String(map { $0 == character ? replacement : $0 })
    }

    fileprivate var trimmedOfSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
