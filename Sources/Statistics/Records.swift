import Foundation
import MusicTheory
import Training

/// A session as it began.
public struct SessionStartRecord: Sendable {
    /// The session's id; every answer of the session carries it.
    public var id: UUID
    /// The student profile.
    public var profile: String
    /// When it began.
    public var startedAt: Date
    /// Scale or interval.
    public var exercise: ExerciseKind
    /// The mode of a scale session (its first round).
    public var mode: String?
    /// The root asked first (`D`, `Eb`); nil when roots are random.
    public var root: String?
    /// The intervals of an interval session (`m3`, `P5`); empty for scales.
    public var intervals: [String]
    /// Which way from the root an interval session's answers lie; nil for scales.
    public var direction: IntervalDirection?
    /// The kind's whole options as its own typed value encoded (`RhythmExercise`'s meter, tempo,
    /// level…), JSON with sorted keys; nil for a session stored before it was kept (a meter, a
    /// `pure` level or chord qualities then stood in `mode` or `intervals`, and were moved here).
    public var options: String?

    /// A session start.
    public init(
        id: UUID, profile: String, startedAt: Date, exercise: ExerciseKind, mode: String? = nil, root: String? = nil,
        intervals: [String] = [], direction: IntervalDirection? = nil, options: String? = nil
    ) {
        self.id = id
        self.profile = profile
        self.startedAt = startedAt
        self.exercise = exercise
        self.mode = mode
        self.root = root
        self.intervals = intervals
        self.direction = direction
        self.options = options
    }
}

extension SessionStartRecord: Hashable, Codable {}

/// A session as it ended: its totals, and the engine's whole results as JSON.
public struct SessionEndRecord: Sendable {
    /// The session.
    public var id: UUID
    /// When it ended.
    public var endedAt: Date
    /// From its start to its end, in seconds.
    public var lengthSeconds: Double
    /// Notes played correctly.
    public var correct: Int
    /// Wrong notes played.
    public var errors: Int
    /// `Training.SessionResults` encoded as JSON (nil when the caller has none).
    public var resultsJSON: String?

    /// A session end.
    public init(id: UUID, endedAt: Date, lengthSeconds: Double, correct: Int, errors: Int, resultsJSON: String? = nil) {
        self.id = id
        self.endedAt = endedAt
        self.lengthSeconds = lengthSeconds
        self.correct = correct
        self.errors = errors
        self.resultsJSON = resultsJSON
    }
}

extension SessionEndRecord: Hashable, Codable {}

/// A session as stored: its start and, once it ended, its end.
public struct SessionRecord: Sendable {
    /// How it began.
    public var start: SessionStartRecord
    /// How it ended; nil while it runs, or when the daemon was killed during it.
    public var end: SessionEndRecord?

    /// A stored session.
    public init(start: SessionStartRecord, end: SessionEndRecord? = nil) {
        self.start = start
        self.end = end
    }
}

extension SessionRecord: Hashable, Codable {}

/// One judged answer: a played note compared with the note expected.
public struct AnswerRecord: Sendable {
    /// When the key was pressed.
    public var time: Date
    /// The session it belongs to.
    public var session: UUID
    /// The student profile.
    public var profile: String
    /// Scale or interval.
    public var exercise: ExerciseKind
    /// The root of the question, as a pitch-class name (`D`, `Eb`).
    public var root: String
    /// The mode, for a scale answer.
    public var mode: String?
    /// The interval asked (`m3`), for an interval answer.
    public var interval: String?
    /// The scale degree answered, 1…8, for a scale answer.
    public var degree: Int?
    /// The note expected, spelled (`E3`).
    public var expected: String
    /// The note expected, as a MIDI number.
    public var expectedMIDI: Int
    /// The key pressed, as a MIDI number.
    public var playedMIDI: Int
    /// Whether it answered the question.
    public var correct: Bool
    /// Which try at this note, from 1.
    public var attempt: Int
    /// What the answer is counted under (`interval:M3`, `chord:minor`, `degree:degree 3`): the
    /// engine's `AnswerSubject`, for per-item figures and the spaced-repetition schedule.
    public var item: AnswerItem?
    /// Seconds from the note's becoming expected to this key press.
    public var responseSeconds: Double
    /// An intonation answer's cents (`NoteJudgement.cents`): the offset asked, or the signed error.
    public var cents: Double?
    /// What the question was, as its kind's own typed value (`ProgressionQuestion`,
    /// `RhythmQuestion`…: the progression, the pattern asked), JSON with sorted keys; nil for an
    /// answer stored before it was kept.
    public var question: String?
    /// Stored while its question is open (the recorder's answers are): held out of every reading
    /// until `StatisticsRecord.questionClosed`, since it would name the question.
    public var questionOpen = false

    /// An answer.
    public init(
        time: Date, session: UUID, profile: String, exercise: ExerciseKind, root: String, mode: String? = nil,
        interval: String? = nil, degree: Int? = nil, expected: String, expectedMIDI: Int, playedMIDI: Int, correct: Bool,
        attempt: Int = 1, responseSeconds: Double, item: AnswerItem? = nil, cents: Double? = nil, question: String? = nil
    ) {
        self.time = time
        self.session = session
        self.profile = profile
        self.exercise = exercise
        self.root = root
        self.mode = mode
        self.interval = interval
        self.degree = degree
        self.expected = expected
        self.expectedMIDI = expectedMIDI
        self.playedMIDI = playedMIDI
        self.correct = correct
        self.attempt = attempt
        self.responseSeconds = responseSeconds
        self.item = item
        self.cents = cents
        self.question = question
    }
}

extension AnswerRecord: Hashable, Codable {}

/// What an answer is counted under: a category (`interval`, `degree`, `chord`, …) and a label
/// in it (`M3`, `degree 3`, `minor`).
public struct AnswerItem: Sendable, Hashable, Codable {
    public var category: String
    public var label: String

    public init(category: String, label: String) {
        self.category = category
        self.label = label
    }
}
