import MusicTheory

/// What the drill does for a kind: checks its options, says what it asks, opens its questions,
/// reads its options from `session.start` and the config file. The interval kind and the
/// ear-interval kind each call on it.
extension IntervalDrill {
    /// At least one interval, and at least one try before the reveal.
    public func validate() throws(TrainingError) {
        guard !intervals.isEmpty else { throw .noIntervals }
        guard triesBeforeReveal >= 1 else { throw .triesBeforeRevealBelowOne(triesBeforeReveal) }
    }

    /// `intervals m3 P5 ascending from random roots`.
    public var summary: String {
        let from = root.map { "from \($0)" } ?? "from random roots"
        return "intervals \(intervals.map(\.description).joined(separator: " ")) \(direction.rawValue) \(from)"
    }

    /// The intervals asked and their direction.
    public struct StatusDetails: KindDetails {
        public var intervals: [String]
        public var direction: IntervalDirection
    }
    public var statusDetails: StatusDetails { StatusDetails(intervals: intervals.map(\.description), direction: direction) }
    public var statusRoot: String { root?.description ?? "random" }
    public var sessionColumns: SessionColumns {
        SessionColumns(root: root?.description, intervals: intervals.map(\.description), direction: direction)
    }

    public func openQuestion(after previous: (any OpenQuestion)?, context: inout QuestionContext) -> any OpenQuestion {
        let interval: SpelledInterval
        if adaptive {
            let subjects = intervals.map(AnswerSubject.interval)
            interval = intervals[subjects.firstIndex(of: context.chooseAdaptively(from: subjects))!]
        } else {
            interval = intervals.randomElement(using: &context.random)!
        }
        let question = makeQuestion(interval, range: context.settings.noteRange, previous: (previous as? OpenIntervalQuestion)?.intervalQuestion.rootNote,
                                    random: &context.random)
        context.asked(.interval(interval))
        return OpenIntervalQuestion(intervalQuestion: question, exercise: self, promptTime: context.time)
    }

    /// The question for `interval`: its root (given; or random in `RootRegister`'s band, within a
    /// fourth of the `previous` root, the answer inside the range too), the answer spelled by the
    /// interval, and how strictly it is judged.
    func makeQuestion(_ interval: SpelledInterval, range: ClosedRange<MIDINote>, previous: MIDINote? = nil,
                      random: inout SeededRandom) -> IntervalQuestion {
        let offset = direction.signed(interval.semitones)
        let numbers = range.lowerBound.rawValue...range.upperBound.rawValue
        let fits = { (root: Int) in numbers.contains(root) && numbers.contains(root + offset) }
        let rootNumber: Int
        var rootName: NoteName?
        if let given = self.root {
            rootName = given.spelling
            if let exact = given.midiNote {
                rootNumber = Self.shiftedIntoMIDI(exact.rawValue, offset: offset)
            } else {
                let candidates = numbers.filter { $0 % 12 == given.pitchClass.rawValue }
                rootNumber = candidates.first(where: fits)
                    ?? Self.shiftedIntoMIDI(candidates.first ?? range.lowerBound.rawValue, offset: offset)
            }
        } else if numbers.contains(where: fits) {
            rootNumber = RootRegister.key(below: max(0, -offset), above: max(0, offset), previous: previous,
                                          range: range, random: &random).rawValue
        } else {
            rootNumber = Self.shiftedIntoMIDI(range.lowerBound.rawValue, offset: offset)
        }
        let rootNote = MIDINote(rootNumber)
        let spelledRoot = SpelledNote(rootNote, spelled: rootName)
        let target = MIDINote(rootNumber + offset)
        let spelled = (try? direction == .ascending ? spelledRoot.transposed(by: interval) : spelledRoot.transposed(downBy: interval))
            ?? SpelledNote(target)
        let answer = ExpectedNote(
            spelled: spelled, midiNote: target,
            exactOctaveRequired: matching == .exactOctave || interval.isCompound
        )
        return IntervalQuestion(root: spelledRoot, rootNote: rootNote, interval: interval, direction: direction, answer: answer)
    }

    /// `root` moved by octaves until both it and `root + offset` are MIDI notes.
    private static func shiftedIntoMIDI(_ root: Int, offset: Int) -> Int {
        var root = root
        while root + offset > 127 || root > 127 { root -= 12 }
        while root + offset < 0 || root < 0 { root += 12 }
        return root
    }

}

extension TrainingError {
    /// An interval exercise with no intervals to ask.
    public static let noIntervals = TrainingError("an interval exercise needs at least one interval")

    /// Fewer than one try before the answer is revealed.
    public static func triesBeforeRevealBelowOne(_ tries: Int) -> TrainingError {
        TrainingError("tries before the reveal must be 1 or more, not \(tries)")
    }
}

extension IntervalDrill {
    /// Accepted tries before an answer is revealed, in the config file.
    public static let configTriesRange = 1...10
    /// Accepted tries before an answer is revealed, in `session.start`.
    public static let requestTriesRange = 1...20

    /// `session.start`'s `root` (or `random`), `intervals`, `extended`, `direction`, `strict`,
    /// `tries`, `adaptive` and `echo_answer`.
    public static func options(from params: ExerciseParams, over base: IntervalDrill) throws(ExerciseParams.Refusal) -> IntervalDrill {
        var root = base.root
        if let text = try params.string("root") {
            root = text == "random" ? nil : try ExerciseParams.theory { () throws(TheoryError) in try RootNote(parsing: text) }
        }
        var intervals = base.intervals
        if let names = try params.strings("intervals") {
            guard !names.isEmpty else { throw ExerciseParams.Refusal("intervals must name at least one interval") }
            intervals = []
            for name in names {
                intervals.append(try ExerciseParams.theory { () throws(TheoryError) in try SpelledInterval(parsing: name) })
            }
        }
        // `extended` adds the compound intervals to the set, given or default, as
        // `eartrainctl start interval --extended` says; it used to replace a given set.
        if try params.bool("extended") == true {
            intervals += extensionIntervals.filter { !intervals.contains($0) }
        }
        let direction = try params.choice("direction", IntervalDirection.self) ?? base.direction
        let tries = try params.tries(over: base.triesBeforeReveal)
        return IntervalDrill(
            root: root, intervals: intervals, direction: direction,
            matching: try params.bool("strict").map { $0 ? .exactOctave : .pitchClass } ?? base.matching,
            triesBeforeReveal: tries, adaptive: try params.bool("adaptive") ?? base.adaptive,
            echoAnswer: try params.bool("echo_answer") ?? base.echoAnswer)
    }

    /// The same keys over other defaults (an ear-interval section, whose matching is the exact octave).
    static func options<Reader: ExerciseOptionsReader>(reading reader: inout Reader, over d: IntervalDrill) throws(Reader.Failure) -> IntervalDrill {
        let root: RootNote? = try reader.parsed("root", d.root) { text in
            text == "random" ? nil : try RootNote(parsing: text)
        }
        return IntervalDrill(
            root: root,
            intervals: try reader.array("intervals", d.intervals, allowEmpty: false) { try SpelledInterval(parsing: $0) },
            direction: try reader.parsed("direction", d.direction, IntervalDirection.init(choosing:)),
            matching: try reader.parsed("matching", d.matching) { text in
                let matching = try AnswerMatching(choosing: text)
                guard matching != .inDirection else { throw IntervalMatchingRefusal() }
                return matching
            },
            triesBeforeReveal: try reader.int("tries_before_reveal", d.triesBeforeReveal, in: configTriesRange),
            adaptive: try reader.bool("adaptive", d.adaptive),
            echoAnswer: try reader.bool("echo_answer", d.echoAnswer)
        )
    }
}

/// `in-direction` is how a scale round is judged; an interval's answer is one note.
struct IntervalMatchingRefusal: Error, CustomStringConvertible {
    var description: String { "'in-direction' is for scales: an interval takes 'pitch-class' or 'exact-octave'" }
}
