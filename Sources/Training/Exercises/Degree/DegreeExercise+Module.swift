import MusicTheory

extension DegreeExercise: ExerciseModule {
    public typealias Question = DegreeQuestion

    /// `degree`.
    public static let kind = ExerciseKind(declaring: "degree")

    public static var defaults: DegreeExercise { DegreeExercise() }

    public static func options(from params: ExerciseParams, over base: DegreeExercise) throws(ExerciseParams.Refusal) -> DegreeExercise {
        var options = base
        options.quality = try params.choice("quality", Key.Quality.self) ?? base.quality
        options.root = try params.root(over: base.root)
        if let degrees = try Self.degrees(params) { options.degrees = degrees }
        options.exactOctave = try params.bool("strict") ?? base.exactOctave
        options.adaptive = try params.bool("adaptive") ?? base.adaptive
        options.cadenceEachQuestion = try params.bool("cadence_each_question") ?? base.cadenceEachQuestion
        options.triesBeforeReveal = try params.tries(over: base.triesBeforeReveal)
        options.questionsPerKey = try params.int("questions_per_key", within: 1...100) ?? base.questionsPerKey
        return options
    }

    /// `degrees`: numbers or their text (`["1", "5"]` from the command line), each 1…7, not empty.
    private static func degrees(_ params: ExerciseParams) throws(ExerciseParams.Refusal) -> [Int]? {
        guard case .array(let elements)? = params.values["degrees"] else {
            return try params.string("degrees").map { text throws(ExerciseParams.Refusal) in
                throw ExerciseParams.Refusal("degrees must be a list of degrees 1-7, got '\(text)'")
            }
        }
        guard !elements.isEmpty else { throw ExerciseParams.Refusal("degrees must name at least one degree 1-7") }
        var degrees: [Int] = []
        for element in elements {
            let number: Int? = switch element {
            case .number(let value) where value.rounded() == value && abs(value) < 100: Int(value)
            case .string(let text): Int(text)
            default: nil
            }
            guard let number, (1...7).contains(number) else {
                throw ExerciseParams.Refusal("degrees: each is a degree 1-7, got \(element)")
            }
            degrees.append(number)
        }
        return degrees
    }

    public static func options<Reader: ExerciseOptionsReader>(reading reader: inout Reader) throws(Reader.Failure) -> DegreeExercise {
        let d = defaults
        return DegreeExercise(
            quality: try reader.parsed("quality", d.quality) { try Key.Quality(choosing: $0) },
            root: try reader.root(d.root),
            degrees: try reader.array("degrees", d.degrees, allowEmpty: false) { text in
                guard let number = Int(text) else { throw TrainingError("a degree is 1-7, got '\(text)'") }
                return try DegreeExercise.degree(number)
            },
            exactOctave: try reader.parsed("matching", d.exactOctave) { text in
                switch try AnswerMatching(choosing: text) {
                case .exactOctave: true
                case .pitchClass: false
                case .inDirection: throw TrainingError("in-direction is for scales; a degree takes pitch-class or exact-octave")
                }
            },
            triesBeforeReveal: try reader.int("tries_before_reveal", d.triesBeforeReveal, in: 1...10),
            adaptive: try reader.bool("adaptive", d.adaptive),
            questionsPerKey: try reader.int("questions_per_key", d.questionsPerKey, in: 1...100),
            cadenceEachQuestion: try reader.bool("cadence_each_question", d.cadenceEachQuestion))
    }

    public func validate() throws(TrainingError) {
        guard !degrees.isEmpty else { throw TrainingError("a degree exercise needs at least one degree") }
        for number in degrees { _ = try Self.degree(number) }
    }

    /// `degrees 1 3 5 in major from random tonics`.
    public var summary: String {
        "degrees \(degrees.map(String.init).joined(separator: " ")) in \(quality.rawValue) from \(root.map { "\($0)" } ?? "random tonics")"
    }

    /// The degrees asked, and the keys' quality.
    public struct StatusDetails: KindDetails {
        public var degrees: [Int]
        public var quality: String
    }
    public var statusDetails: StatusDetails { StatusDetails(degrees: degrees, quality: quality.rawValue) }
    public var statusRoot: String { root?.description ?? "random" }
    public var sessionColumns: SessionColumns { SessionColumns(mode: quality.rawValue, root: root?.description) }

    public func openQuestion(after previous: (any OpenQuestion)?, context: inout QuestionContext) -> any OpenQuestion {
        let before = previous as? OpenDegreeQuestion
        let sameKey = before.map { $0.shown.inKey < questionsPerKey } ?? false
        let tonic = sameKey ? before!.tonic : chooseTonic(context: &context)
        let inKey = sameKey ? before!.shown.inKey + 1 : 1
        let number: Int
        if adaptive {
            let subjects = degrees.map(AnswerSubject.degree)
            number = degrees[subjects.firstIndex(of: context.chooseAdaptively(from: subjects))!]
        } else {
            number = degrees.randomElement(using: &context.random)!
        }
        context.asked(.degree(number))
        let key = Key(tonic: tonic.name, quality: quality)
        var question = OpenDegreeQuestion(
            shown: DegreeQuestion(key: key, root: tonic, rootNote: MIDINote(tonic.midiNumber), inKey: inKey),
            degree: number, withCadence: inKey == 1 || cadenceEachQuestion, exercise: self)
        question.noteTime = context.time + Self.beforeTheNote(question, after: before, settings: context.settings)
        return question
    }

    /// How long after the question opens its note starts, as the question's timeline plays it
    /// (docs/audio.md): the last question's resolution (ending with its last note), the breath,
    /// then the cadence. What only the sound edge knows (the voice's instruction, the wait for
    /// the student's keys to come up) is not counted.
    private static func beforeTheNote(_ question: OpenDegreeQuestion, after previous: OpenDegreeQuestion?,
                                      settings: TrainingSettings) -> Duration {
        guard let previous else { return question.sounds.dropLast().soundingTime(settings) }
        let resolution = [previous.resolution].soundingTime(settings) - settings.promptGap
        return resolution + settings.breath + question.sounds.dropLast().soundingTime(settings)
    }

    /// A tonic whose cadence (an octave below it) and resolutions (to the octave above) fit the
    /// note range: the given root, or a random one.
    private func chooseTonic(context: inout QuestionContext) -> SpelledNote {
        let range = context.settings.noteRange
        let low = range.lowerBound.rawValue + 12, high = max(low, range.upperBound.rawValue - 12)
        let candidates = (low...high).filter { key in root.map { key % 12 == $0.pitchClass.rawValue } ?? true }
        let key = MIDINote(candidates.randomElement(using: &context.random) ?? low)
        let name = root?.spelling ?? KeySpelling.tonic(key.pitchClass.rawValue, quality)
        let near = SpelledNote(name, octave: key.octave)
        return SpelledNote(name, octave: key.octave + (key.rawValue - near.midiNumber) / 12)  // B#, Cb: the octave sounding
    }
}
