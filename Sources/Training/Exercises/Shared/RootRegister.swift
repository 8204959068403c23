import MusicTheory

/// Where random roots lie, and how they move, for the kinds that sound something on a root
/// (chords, intervals): in C3–C4, where a close chord is clear (C2–E2–G2 is mud) and which sits in
/// the middle of a cello's and a keyboard's range, and each within a perfect fourth of the last,
/// as a teacher at the keyboard gives them (the next question is heard against the last one).
public enum RootRegister {
    /// The band random roots lie in, when the note range allows it.
    public static let band = MIDINote(48)...MIDINote(60)
    /// The most a random root moves from the one before, in semitones (a perfect fourth).
    public static let largestMove = 5

    /// A root key in the band (shifted as little as the note range needs, with the notes from
    /// `below` semitones under the root to `above` over it inside the range too): of `pitchClass`
    /// if given (the one nearest the previous root), else a random key within `largestMove` of
    /// `previous` and not the same.
    static func key(below: Int = 0, above: Int, pitchClass: Int? = nil, previous: MIDINote?,
                    range: ClosedRange<MIDINote>, random: inout SeededRandom) -> MIDINote {
        let register = Self.register(below: below, above: above, range: range)
        let keys = register.filter { key in pitchClass.map { key % 12 == $0 } ?? true }
        var candidates = keys.isEmpty ? Array(register) : keys
        if let previous = previous?.rawValue {
            let moves = candidates.map { abs($0 - previous) }
            let near = candidates.filter { abs($0 - previous) <= largestMove && (pitchClass != nil || $0 != previous) }
            let nearest = candidates.filter { abs($0 - previous) == moves.min() }
            candidates = pitchClass == nil && !near.isEmpty ? near : nearest
        }
        return MIDINote(candidates.randomElement(using: &random)!)
    }

    /// The next question's root key: the root given with its octave (`--root C3`) as it is; else,
    /// in the register, a key of the given pitch class (the one nearest the previous root), or a
    /// random key within `largestMove` of the previous root and not the same.
    static func rootKey(root: RootNote?, span: Int, previous: MIDINote?, range: ClosedRange<MIDINote>,
                        random: inout SeededRandom) -> MIDINote {
        if let exact = root?.midiNote { return exact }
        return key(above: span, pitchClass: root?.pitchClass.rawValue, previous: previous, range: range, random: &random)
    }

    /// `band`, shifted as little as it must be for the notes `below` under and `above` over its
    /// roots to lie within the note range; narrower only when the range is.
    static func register(below: Int, above: Int, range: ClosedRange<MIDINote>) -> ClosedRange<Int> {
        let lowest = min(127, range.lowerBound.rawValue + below)
        let highest = max(lowest, range.upperBound.rawValue - above)
        let width = band.upperBound.rawValue - band.lowerBound.rawValue
        let start = min(max(band.lowerBound.rawValue, lowest), max(lowest, highest - width))
        return start...min(start + width, highest)
    }
}
