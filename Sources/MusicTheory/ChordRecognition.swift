/// What a set of played notes is as a chord: its root's pitch class and its quality.
public struct RecognizedChord: Sendable, Hashable {
    public let root: PitchClass
    public let quality: ChordQuality

    public init(root: PitchClass, quality: ChordQuality) {
        self.root = root
        self.quality = quality
    }

    /// The chord spelled from the root's `PitchClass.preferredName` (pitch class 1 minor is D♭ minor).
    public var chord: Chord { Chord(root: root.preferredName, quality: quality) }
}

extension Chord {
    /// Every (root, quality) whose pitch-class set is exactly the played notes' set, in any
    /// voicing, inversion, doubling or octave; empty when the notes are no chord we know.
    /// Symmetric sets give several: C E G♯ is C+, E+ and G♯+; A C E G is Am7 only (C6 is not in
    /// the list). Order: the chord whose root is the lowest played note first, then by root
    /// above that bass, then by `ChordQuality` order.
    public static func recognize(_ notes: [MIDINote]) -> [RecognizedChord] {
        guard let bass = notes.min() else { return [] }
        // Pitch-class sets as 12 bits, each rotated so that the candidate root is bit 0.
        let played = notes.reduce(0) { $0 | 1 << $1.pitchClass.rawValue }
        var found: [RecognizedChord] = []
        for offset in 0..<12 {
            let root = (bass.pitchClass.rawValue + offset) % 12
            guard played & (1 << root) != 0 else { continue }
            let fromRoot = (played >> root | played << (12 - root)) & 0xFFF
            for quality in ChordQuality.allCases where quality.pitchClassBits == fromRoot {
                found.append(RecognizedChord(root: PitchClass(root), quality: quality))
            }
        }
        return found
    }

    /// True when `played` are exactly the notes of this voicing, nothing missing, nothing more
    /// (order and repeats of the same key do not count).
    public static func matchesStrictly(_ played: [MIDINote], expected: [MIDINote]) -> Bool {
        Set(played) == Set(expected)
    }

    /// True when `played`, in any voicing, inversion, doubling or octave, has exactly this
    /// chord's pitch classes and can be heard with this chord's root (Am7 played as C E G A
    /// is Am7; C E G is not C+).
    public func matchesLoosely(_ played: [MIDINote]) -> Bool {
        Chord.recognize(played).contains(RecognizedChord(root: root.pitchClass, quality: quality))
    }
}
