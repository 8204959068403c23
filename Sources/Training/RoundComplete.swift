import MusicTheory

/// A round of several answers played through: a scale to its octave.
public struct RoundComplete: Sendable {
    /// The round number, from 1.
    public let round: Int
    /// What was played, as a person reads it: `D dorian`.
    public let title: String
    /// Wrong notes in this round.
    public let errors: Int
    /// Time from the round's prompt to its last note.
    public let duration: Duration
    /// The event's details beyond round, errors and seconds (a scale's `scale`).
    public let details: [String: JSONValue]
    /// What the audio sounds after it: a scale's model answer, when the settings ask for one.
    public let sounds: [SoundPhrase]

    /// A completed round; modules make these.
    public init(round: Int, title: String, errors: Int, duration: Duration, details: [String: JSONValue] = [:], sounds: [SoundPhrase] = []) {
        self.round = round
        self.title = title
        self.errors = errors
        self.duration = duration
        self.details = details
        self.sounds = sounds
    }
}

extension RoundComplete: Hashable, Codable {}
