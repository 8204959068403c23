import MusicTheory

/// A scale exercise: play the scale upward from its root to the octave, round after round.
public struct ScaleExercise: Sendable {
    /// The mode of the first round.
    public var mode: Mode
    /// The root of the first round: a bare pitch class (spelled with fewer accidentals), a spelled
    /// name (kept), or an exact note (which sets the octave in strict matching).
    public var root: RootNote
    /// How played notes are compared with the scale.
    public var matching: AnswerMatching
    /// Each new round takes a new random root (always a different one).
    public var newRandomRootEachRound: Bool
    /// Each new round takes a new random mode (always a different one).
    public var newRandomModeEachRound: Bool
    /// Up, down, or up and down.
    public var direction: ScaleDirection

    /// A scale exercise; by default every round repeats the same scale, each note the right pitch
    /// class above the one before (`inDirection`).
    public init(
        mode: Mode,
        root: RootNote,
        matching: AnswerMatching = .inDirection,
        newRandomRootEachRound: Bool = false,
        newRandomModeEachRound: Bool = false,
        direction: ScaleDirection = .ascending
    ) {
        self.mode = mode
        self.root = root
        self.matching = matching
        self.newRandomRootEachRound = newRandomRootEachRound
        self.newRandomModeEachRound = newRandomModeEachRound
        self.direction = direction
    }
}

extension ScaleExercise: Hashable, Codable {
    private enum CodingKeys: String, CodingKey {
        case mode, root, matching, newRandomRootEachRound, newRandomModeEachRound, direction
    }

    /// Results stored before rounds had a direction went up.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            mode: try container.decode(Mode.self, forKey: .mode), root: try container.decode(RootNote.self, forKey: .root),
            matching: try container.decode(AnswerMatching.self, forKey: .matching),
            newRandomRootEachRound: try container.decode(Bool.self, forKey: .newRandomRootEachRound),
            newRandomModeEachRound: try container.decode(Bool.self, forKey: .newRandomModeEachRound),
            direction: try container.decodeIfPresent(ScaleDirection.self, forKey: .direction) ?? .ascending)
    }
}
