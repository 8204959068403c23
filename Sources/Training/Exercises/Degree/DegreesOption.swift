import MusicTheory

/// The degrees asked, 1–7: `--degrees 1,3,5`, the param as numbers or their text, the config's
/// `degrees = ["1", "3", "5"]`.
struct DegreesOption: KindOption {
    let commandLine = ExerciseCommandLine.Option("degrees", .list, choices: .numbers(1...7), help: "Comma-separated degrees 1-7 (default: all seven).")
    var configKey: String { commandLine.key }

    func apply(_ params: ExerciseParams, to options: inout DegreeExercise) throws(ExerciseParams.Refusal) {
        let key = commandLine.key
        guard case .array(let elements)? = params.values[key] else {
            if let text = try params.string(key) { throw ExerciseParams.Refusal("\(key) must be a list of degrees 1-7, got '\(text)'") }
            return
        }
        guard !elements.isEmpty else { throw ExerciseParams.Refusal("\(key) must name at least one degree 1-7") }
        var degrees: [Int] = []
        for element in elements {
            let number: Int? = switch element {
            case .number(let value) where value.rounded() == value && abs(value) < 100: Int(value)
            case .string(let text): Int(text)
            default: nil
            }
            guard let number, (1...7).contains(number) else { throw ExerciseParams.Refusal("\(key): each is a degree 1-7, got \(element)") }
            degrees.append(number)
        }
        options.degrees = degrees
    }

    func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, into options: inout DegreeExercise) throws(Reader.Failure) {
        options.degrees = try reader.array(configKey, options.degrees, allowEmpty: false) { text in
            guard let number = Int(text) else { throw TrainingError("a degree is 1-7, got '\(text)'") }
            return try DegreeExercise.degree(number)
        }
    }
}
