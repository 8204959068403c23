import MusicTheory

/// One played note compared with the note expected.
public struct NoteJudgement: Sendable {
    /// What was expected.
    public let expected: ExpectedNote
    /// The key pressed.
    public let played: MIDINote
    /// How hard it was pressed, 1…127.
    public let velocity: Int
    /// Whether it answered the expected note.
    public let correct: Bool
    /// The scale degree or interval this note answers.
    public let subject: AnswerSubject
    /// Which try this was at the expected note, from 1.
    public let attempt: Int
    /// Time from the moment this note became expected (the prompt, or the previous correct note
    /// of a scale) to this key press.
    public let responseTime: Duration
    /// Time from the prompt to this key press.
    public let sincePrompt: Duration
    /// What the staff shows after this note (a wrong note is not drawn).
    public let staff: Staff
    /// What the audio should sound after this note: a right interval answer's root then answer
    /// (when the exercise echoes answers); otherwise nothing.
    public let sounds: [SoundPhrase]
    /// Every key of the answer, lowest first: `[played]` for one key, a chord's keys held together.
    public let keys: [MIDINote]
    /// What the keys were heard as, for a wrong answer of several keys ("you played C minor");
    /// nil for one key.
    public let heardAs: String?
    /// Cents, for an intonation answer: the offset a comparison asked (how far apart the notes
    /// were: `compare`'s offset, `pure`'s difference between its two versions), or a tuned note's
    /// signed error (sharp positive); nil for every other answer. Given once it is answered.
    public let cents: Double?
    /// Where the answer came from: a key, or a note the listening input heard.
    public internal(set) var source: AnswerSource = .keys
    /// For a heard note the kind judged as a key: how far it was from the note in tune; nil for
    /// a key, and for a kind that measured the cents itself (`match`: `cents`).
    public internal(set) var sung: SungPitch?
    /// Whether it came from claps: the listening input's onsets, with no pitch to measure.
    public var clapped: Bool { source == .listen && sung == nil && cents == nil }
    /// What the right answer was, in words, shown after the answer (`higher`, `the second was
    /// pure`); nil where the expected note says it.
    public let outcome: String?
    /// What the kind adds to the event's details once it is judged (a rhythm's onsets, early or
    /// late); empty for most kinds.
    public let details: [String: JSONValue]
    /// How the stdout line says what was played, instead of the keys (`2nd onset late 150 ms`).
    public let described: String?

    /// A judgement; the engine makes these.
    public init(
        expected: ExpectedNote, played: MIDINote, velocity: Int, correct: Bool, subject: AnswerSubject,
        attempt: Int, responseTime: Duration, sincePrompt: Duration, staff: Staff, sounds: [SoundPhrase] = [],
        keys: [MIDINote]? = nil, heardAs: String? = nil, cents: Double? = nil, outcome: String? = nil,
        details: [String: JSONValue] = [:], described: String? = nil
    ) {
        self.expected = expected
        self.played = played
        self.velocity = velocity
        self.correct = correct
        self.subject = subject
        self.attempt = attempt
        self.responseTime = responseTime
        self.sincePrompt = sincePrompt
        self.staff = staff
        self.sounds = sounds
        self.keys = keys ?? [played]
        self.heardAs = heardAs
        self.cents = cents
        self.outcome = outcome
        self.details = details
        self.described = described
    }
}

extension NoteJudgement: Hashable, Codable {}
