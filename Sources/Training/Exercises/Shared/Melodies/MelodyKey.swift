import MusicTheory

/// The key a run of melodies keeps (a dictation's, a sight-singer's): its scale, its
/// tonic as written and as it sounds, and what sets it before the run's first melody.
struct MelodyKey: Sendable {
    let mode: Mode
    /// The tonic as written: a random one spelled as its scale has the fewest accidentals (C♯
    /// aeolian, never D♭ aeolian with its B𝄫).
    let tonic: SpelledNote
    let tonicKey: MIDINote
    /// The degrees' semitones above the tonic, read once: a melody's walk asks for them often.
    private let degreeSemitones: [Int]

    init(mode: Mode, tonic: SpelledNote, tonicKey: MIDINote) {
        self.mode = mode
        self.tonic = tonic
        self.tonicKey = tonicKey
        degreeSemitones = mode.degrees.dropLast().map(\.semitones)
    }

    /// `C ionian`.
    var name: String { "\(tonic.name) \(mode.name)" }

    /// The semitones from the tonic to the degree `step` scale steps above it (negative: below).
    func semitones(ofStep step: Int) -> Int { Self.semitones(ofStep: step, degrees: degreeSemitones) }

    private static func semitones(ofStep step: Int, degrees: [Int]) -> Int {
        let octave = Int((Double(step) / Double(degrees.count)).rounded(.down))
        return octave * 12 + degrees[step - octave * degrees.count]
    }

    /// A tonic of the given pitch class (or any) whose melodies, from `MelodyRules.lowestStep`
    /// to `highestStep`, fit the note range.
    static func choose(mode: Mode, root: RootNote?, range: ClosedRange<MIDINote>, random: inout SeededRandom) -> MelodyKey {
        let degrees = mode.degrees.dropLast().map(\.semitones)
        let low = range.lowerBound.rawValue - semitones(ofStep: MelodyRules.lowestStep, degrees: degrees)
        let high = max(low, range.upperBound.rawValue - semitones(ofStep: MelodyRules.highestStep, degrees: degrees))
        let candidates = (low...high).filter { key in root.map { floorMod(key, 12) == $0.pitchClass.rawValue } ?? true }
        let key = MIDINote(candidates.randomElement(using: &random) ?? low)
        let name = root?.spelling ?? Scale(mode: mode, pitchClass: key.pitchClass).root
        return MelodyKey(mode: mode, tonic: RootNote(midiNote: key, spelling: name).note(defaultOctave: key.octave), tonicKey: key)
    }

    /// What sets the key before its first melody: the cadence of the major or minor key the mode
    /// is (ionian: I–IV–V–I; aeolian, harmonic and melodic minor: i–iv–V–i), its bass within the
    /// note range and no lower than G2 (`SoundPhrase.cadence`); for any other scale the tonic alone.
    func context(range: ClosedRange<MIDINote>) -> [SoundPhrase] {
        let quality: Key.Quality? = switch mode {
        case .ionian: .major
        case .aeolian, .harmonicMinor, .melodicMinor: .minor
        default: nil
        }
        guard let quality else { return [SoundPhrase([tonicKey])] }
        return SoundPhrase.cadence(of: Key(tonic: tonic.name, quality: quality), tonic: tonic, floor: range.lowerBound)
    }
}
