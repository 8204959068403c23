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
        let interval = context.choose(intervals, adaptive: adaptive, subject: AnswerSubject.interval)
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
