import MusicTheory

/// Answers the engine showed the student instead of waiting for them.
public struct AnswerRevealed: Sendable {
    /// Why the answer was shown.
    public enum Reason: String, Sendable {
        /// The student used up the tries allowed.
        case tooManyWrongTries
        /// The student skipped the question.
        case skipped
    }

    /// The notes shown: an interval's answer, or the rest of a skipped scale.
    public let answers: [ExpectedNote]
    /// The scale degrees or interval they answer.
    public let subjects: [AnswerSubject]
    /// Why they were shown.
    public let reason: Reason
    /// The notes the audio should sound to show them.
    public let sounds: [SoundPhrase]
    /// What the staff shows with them.
    public let staff: Staff
    /// What the kind adds to the event's details with the answer (a rhythm's `pattern`); empty
    /// for most kinds.
    public let details: [String: JSONValue]

    /// A reveal; the engine makes these.
    public init(answers: [ExpectedNote], subjects: [AnswerSubject], reason: Reason, sounds: [SoundPhrase], staff: Staff,
                details: [String: JSONValue] = [:]) {
        self.answers = answers
        self.subjects = subjects
        self.reason = reason
        self.sounds = sounds
        self.staff = staff
        self.details = details
    }
}

extension AnswerRevealed.Reason: Hashable, Codable {}

extension AnswerRevealed: Hashable, Codable {}
