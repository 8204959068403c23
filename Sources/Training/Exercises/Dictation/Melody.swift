import MusicTheory

/// A short melody in a key, as a dictation asks it: mostly steps, a leap now and then (up to a
/// fifth), starting on the tonic chord (degree 1, 3 or 5) and, from four notes on, ending on the
/// tonic. Made from the session's seeded generator, so a seed replays it.
struct Melody {
    /// The key's tonic as written, and as sounded.
    let tonic: NoteName
    let tonicKey: MIDINote
    /// The notes, written and sounded.
    let spelled: [SpelledNote]
    let keys: [MIDINote]
    /// Each note's scale degree, 1… (the tonic is 1 in every octave).
    let degrees: [Int]

    /// Scale steps from the tonic the melody keeps within: a fourth below to an octave and a
    /// third above (in a seven-note scale).
    static let lowestStep = -3, highestStep = 9

    static func make(length: Int, mode: Mode, root: RootNote?, range: ClosedRange<MIDINote>, random: inout SeededRandom) -> Melody {
        let intervals = Array(mode.degrees.dropLast())  // without the octave
        let size = intervals.count
        // Scale steps, relative to the tonic at 0.
        var steps = [[0, 2, 4].map { min($0, size - 1) }.randomElement(using: &random)!]
        let moves = [-1, 1, -1, 1, -2, 2, -1, 1, -3, 3, 4, -4]  // steps twice as often as thirds, leaps rarer
        while steps.count < length {
            let last = steps.last!
            let candidates = moves.map { last + $0 }.filter { (lowestStep...highestStep).contains($0) }
            steps.append(candidates.randomElement(using: &random)!)
        }
        if length >= 4 {
            // End on the tonic nearest the note before.
            let before = steps[length - 2]
            steps[length - 1] = [0, size].min { abs($0 - before) < abs($1 - before) }!
        }
        // A tonic whose melody fits the range: its lowest step at or above the bottom.
        let span = (steps.min()!...steps.max()!)
        func semitones(_ step: Int) -> Int {
            let octave = Int((Double(step) / Double(size)).rounded(.down))
            return octave * 12 + intervals[step - octave * size].semitones
        }
        let low = range.lowerBound.rawValue - semitones(span.lowerBound)
        let high = max(low, range.upperBound.rawValue - semitones(span.upperBound))
        let candidates = (low...high).filter { key in root.map { floorMod(key, 12) == $0.pitchClass.rawValue } ?? true }
        let tonicKey = MIDINote(candidates.randomElement(using: &random) ?? low)
        let tonicName = root?.spelling ?? tonicKey.spelled.name
        let tonicNote = SpelledNote(tonicName, octave: tonicKey.octave + (tonicKey.rawValue - SpelledNote(tonicName, octave: tonicKey.octave).midiNumber) / 12)
        var spelled: [SpelledNote] = []
        var keys: [MIDINote] = []
        var degrees: [Int] = []
        for step in steps {
            let octave = Int((Double(step) / Double(size)).rounded(.down))
            let degree = step - octave * size
            let base = (try? tonicNote.transposed(by: intervals[degree])) ?? tonicNote
            let note = SpelledNote(base.name, octave: base.octave + octave)
            spelled.append(note)
            keys.append(MIDINote(tonicKey.rawValue + semitones(step)))
            degrees.append(degree + 1)
        }
        return Melody(tonic: tonicName, tonicKey: tonicKey, spelled: spelled, keys: keys, degrees: degrees)
    }
}
