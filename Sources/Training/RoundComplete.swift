import MusicTheory

/// A scale played through to its octave.
public struct RoundComplete: Sendable {
    /// The round number, from 1.
    public let round: Int
    /// The scale played.
    public let scale: Scale
    /// Wrong notes in this round.
    public let errors: Int
    /// Time from the round's prompt to its octave.
    public let duration: Duration

    /// A completed round; the engine makes these.
    public init(round: Int, scale: Scale, errors: Int, duration: Duration) {
        self.round = round
        self.scale = scale
        self.errors = errors
        self.duration = duration
    }
}

extension RoundComplete: Hashable, Codable {}
