import MusicTheory

/// The tonal rules made melodies follow (dictation, sight-singing), as a teacher writing them would: mostly steps,
/// a third now and then, a leap (a fourth up to a sixth) rarely and then turned back by a step
/// the other way, no tritone unless asked, beginning on the tonic chord and ending on a stable
/// degree. Steps are counted in the scale (a step is to the neighbouring degree), leaps and
/// tritones in semitones.
enum MelodyRules {
    /// The largest move, in semitones: a major sixth.
    static let largestLeap = 9
    /// The smallest leap, in semitones: a perfect fourth. After a leap the melody turns back by
    /// a step.
    static let smallestLeap = 5
    /// The tritone (augmented fourth, diminished fifth), left out unless the exercise asks for it.
    static let tritone = 6
    /// Stable degrees, as semitones above the tonic: the tonic chord's root, third and fifth. A
    /// melody begins on one and ends on one; from four notes on, on the tonic itself.
    static let stableSemitones: Set<Int> = [0, 3, 4, 7]
    /// Scale steps from the tonic a melody keeps within (a fourth below to a tenth above in a
    /// seven-note scale).
    static let lowestStep = -3, highestStep = 9

    /// How often a move of `steps` scale steps (either way) is chosen, relative to the others: a
    /// step 20, a third 8, a leap 1.
    static func weight(ofSteps steps: Int) -> Int {
        switch abs(steps) {
        case 1: 20
        case 2: 8
        default: 1
        }
    }

    /// Whether a move of `semitones` (negative: down) may follow `previous` (0 at the start):
    /// within a sixth, never a tritone unless `tritones`, and after a leap a step (at most
    /// `steps` 1) the other way.
    static func allows(_ semitones: Int, steps: Int, after previous: Int, tritones: Bool) -> Bool {
        let size = abs(semitones)
        guard size > 0, size <= largestLeap, tritones || size != tritone else { return false }
        guard abs(previous) >= smallestLeap else { return true }
        return abs(steps) == 1 && (semitones > 0) != (previous > 0)
    }
}
