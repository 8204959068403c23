import MusicTheory

extension ExerciseCommandLine.Option {
    /// One value an option can be given, as a form offers it: the text the command line and
    /// `session.start` take (`dorian`, `Eb3`, `m3`), what is shown, and the words for it where
    /// the shown text is a symbol (`m7b5`: "half-diminished seventh").
    public struct Choice: Sendable, Hashable {
        /// The value as given on the command line, and as posted.
        public let value: String
        /// What a person picks it by.
        public let label: String
        /// The long name, where `label` is a symbol; nil where the label says it all.
        public let words: String?
        /// The heading it stands under in a long list (`octave 3`), or nil.
        public let group: String?

        public init(_ value: String, label: String? = nil, words: String? = nil, group: String? = nil) {
            self.value = value
            self.label = label ?? value
            self.words = words
            self.group = group
        }
    }
}

/// The lists of choices the kinds state for their options, each taken from the type that reads
/// the value, so a form offers what the kind accepts and nothing it would refuse.
extension [ExerciseCommandLine.Option.Choice] {
    /// Every name of a closed list: `ScaleDirection`, `ChordQuality`, `Key.Quality`.
    public static func named<Choice: NamedChoice>(_ type: Choice.Type) -> Self {
        Choice.names.map { .init($0) }
    }

    /// The chord qualities, with their names in words (`dom7`: "dominant seventh").
    public static var chordQualities: Self {
        ChordQuality.allCases.map { .init($0.rawValue, words: $0.rawValue == $0.name ? nil : $0.name) }
    }

    /// Modes by their command-line names (`harmonic-minor`).
    public static func modes(_ modes: [Mode] = Mode.allCases) -> Self {
        modes.map { .init($0.name) }
    }

    /// Whole numbers: tries, a melody's length.
    public static func numbers(_ range: ClosedRange<Int>) -> Self {
        range.map { .init(String($0)) }
    }

    /// Intervals by their short names (`m3`), with the long name ("minor third"), under `group`.
    public static func intervals(_ intervals: [SpelledInterval], group: String? = nil) -> Self {
        intervals.map { .init($0.description, words: $0.name, group: group) }
    }

    /// Roots: `random` first where the kind takes it, then each pitch class spelled as a
    /// musician writes it alone (its natural name, else its sharp and its flat: C, C#, Db, D …),
    /// without an octave (the exercise places it), then the same names in each octave of
    /// `range` (by default the keyboard range a session starts with, C2 to C5).
    public static func roots(random: Bool, range: ClosedRange<MIDINote> = TrainingSettings().noteRange) -> Self {
        let names = (0..<12).flatMap { pitchClass in
            let spellings = PitchClass(pitchClass).spellings
            return spellings[0].accidental == .natural ? [spellings[0]] : spellings.filter { [.sharp, .flat].contains($0.accidental) }
        }
        var choices: Self = random ? [.init("random", label: "random")] : []
        choices += names.map { .init($0.description, group: "any octave") }
        for octave in range.lowerBound.octave...range.upperBound.octave {
            choices += names.map { SpelledNote($0, octave: octave) }
                .filter { (range.lowerBound.rawValue...range.upperBound.rawValue).contains($0.midiNumber) }
                .map { .init($0.description, group: "octave \(octave)") }
        }
        return choices
    }
}
