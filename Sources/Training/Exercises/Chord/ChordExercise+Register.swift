import MusicTheory

extension ChordExercise {
    /// Where random roots lie: C3–C4, where a close chord is clear (C2–E2–G2 is mud) and sits in
    /// the middle of a cello's and a keyboard's range. A note range that leaves out part of it
    /// takes the octave nearest to it within the range instead.
    public static let rootRegister = MIDINote(48)...MIDINote(60)
    /// The most a random root moves from the one before, in semitones (a perfect fourth): the next
    /// chord is heard against the last one, as a teacher at the keyboard would play them.
    public static let largestRootMove = 5

    /// The next question's root key: the root given with its octave (`--root C3`) as it is; else,
    /// in the register, a key of the given pitch class (the one nearest the previous root), or a
    /// random key within `largestRootMove` of the previous root and not the same.
    static func rootKey(root: RootNote?, span: Int, previous: MIDINote?, range: ClosedRange<MIDINote>,
                        random: inout SeededRandom) -> MIDINote {
        if let exact = root?.midiNote { return exact }
        let register = Self.register(span: span, range: range)
        let keys = register.filter { key in root.map { key % 12 == $0.pitchClass.rawValue } ?? true }
        var candidates = keys.isEmpty ? Array(register) : keys
        if let previous = previous?.rawValue {
            let moves = candidates.map { abs($0 - previous) }
            let near = candidates.filter { abs($0 - previous) <= largestRootMove && (root != nil || $0 != previous) }
            let nearest = candidates.filter { abs($0 - previous) == moves.min() }
            candidates = root == nil && !near.isEmpty ? near : nearest
        }
        return MIDINote(candidates.randomElement(using: &random)!)
    }

    /// `rootRegister`, shifted as little as it must be to lie within the note range with the
    /// chord's top (`span` semitones above its root) inside it too; narrower only when the range is.
    private static func register(span: Int, range: ClosedRange<MIDINote>) -> ClosedRange<Int> {
        let lowest = range.lowerBound.rawValue, highest = max(lowest, range.upperBound.rawValue - span)
        let width = rootRegister.upperBound.rawValue - rootRegister.lowerBound.rawValue
        let start = min(max(rootRegister.lowerBound.rawValue, lowest), max(lowest, highest - width))
        return start...min(start + width, highest)
    }
}
