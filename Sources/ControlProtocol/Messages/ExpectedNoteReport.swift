/// A note that answers (a `note_judged`'s `expected`, an `answer_revealed`'s `answers`).
public struct ExpectedNoteReport: Sendable, Hashable, Codable {
    /// As written, `F3`.
    public var note: String
    /// The MIDI note that sounds.
    public var midi: Int
    /// True when only that octave counts.
    public var exactOctave: Bool

    public init(note: String, midi: Int, exactOctave: Bool) {
        self.note = note
        self.midi = midi
        self.exactOctave = exactOctave
    }

    enum CodingKeys: String, CodingKey {
        case note, midi
        case exactOctave = "exact_octave"
    }
}
