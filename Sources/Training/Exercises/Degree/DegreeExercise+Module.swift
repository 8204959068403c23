import MusicTheory

extension DegreeExercise: DeclaresOptions {
    public typealias Question = DegreeQuestion

    /// `degree`.
    public static let kind = ExerciseKind(declaring: "degree")

    public static var takesDrone: Bool { true }

    public static var defaults: DegreeExercise { DegreeExercise() }

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
        let number = context.choose(degrees, adaptive: adaptive, subject: AnswerSubject.degree)
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
