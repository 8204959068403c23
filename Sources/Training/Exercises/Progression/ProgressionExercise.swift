import MusicTheory

/// A chord progression played back (harmonic dictation at the keyboard): the tonic chord sets a
/// key (not a cadence, which would give away I–IV–V–I), then 3–5 chords of it sound
/// (`Progression`), in four voices led by rule (`ProgressionVoicing`); the student plays them back chord by chord, each
/// judged as the `chord` kind judges one (any voicing of the chord; with `bass`, its bass too).
/// A wrong chord is tried again; after `triesBeforeReveal` wrong chords the rest is revealed.
public struct ProgressionExercise: Sendable, Hashable, Codable {
    /// The progressions asked (default: level 1's four).
    public var progressions: [Progression]
    /// The tonic; nil: a random one each question.
    public var root: RootNote?
    /// The lowest key of each chord played must be its bass (inversions heard); otherwise any
    /// voicing of the chord counts.
    public var bass: Bool
    /// Wrong chords in a question before the rest is revealed.
    public var triesBeforeReveal: Int
    /// Progressions missed come up more often.
    public var adaptive: Bool

    public init(progressions: [Progression] = Progression.upTo(level: 1), root: RootNote? = nil, bass: Bool = false,
                triesBeforeReveal: Int = 3, adaptive: Bool = true) {
        self.progressions = progressions
        self.root = root
        self.bass = bass
        self.triesBeforeReveal = triesBeforeReveal
        self.adaptive = adaptive
    }

    /// Where random tonics lie: B♭3–A4, so that the chords' basses (5 to 19 semitones below the
    /// tonic, `ProgressionVoicing`) stay on the bass staff from E♭2 and the upper voices sit
    /// around middle C. A note range that leaves part of it out narrows it.
    public static let tonicRegister = MIDINote(58)...MIDINote(69)
}

extension AnswerSubject {
    /// A chord of a progression, by its Roman numeral (`V7`, `ii6`): what each chord played is counted under.
    public static func numeral(_ numeral: RomanNumeral) -> AnswerSubject {
        numeralSubjects[numeral] ?? makeNumeral(numeral)
    }

    /// A whole progression (`ii-V-I`): each question is counted under it besides its chords.
    public static func progression(_ progression: Progression) -> AnswerSubject {
        progressionSubjects[progression]!
    }

    // Made once: a chord judged and a question opened read them (`make bench-training`).
    private static let numeralSubjects: [RomanNumeral: AnswerSubject] = Dictionary(
        Progression.allCases.flatMap(\.numerals).map { ($0, makeNumeral($0)) }, uniquingKeysWith: { first, _ in first })
    private static let progressionSubjects: [Progression: AnswerSubject] = Dictionary(uniqueKeysWithValues: Progression.allCases.map { progression in
        (progression, AnswerSubject(category: "progression", label: progression.rawValue, value: .string(progression.rawValue),
                                    order: [7, Progression.allCases.firstIndex(of: progression)!],
                                    spoken: progression.numerals.map(\.spoken).joined(separator: ", ")))
    })

    private static func makeNumeral(_ numeral: RomanNumeral) -> AnswerSubject {
        AnswerSubject(category: "numeral", label: numeral.name, value: .string(numeral.name),
                      order: [6, numeral.degree, ChordQuality.allCases.firstIndex(of: numeral.quality) ?? 0, numeral.inversion],
                      spoken: numeral.spoken)
    }
}
