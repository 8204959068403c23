import MusicTheory

/// A short melody in a key, as a dictation asks it or a sight-singer reads it, made by
/// `MelodyRules`: a walk from a degree of
/// the tonic chord, mostly by step, ending on a stable degree (from four notes on, the tonic).
/// Made from the session's seeded generator, so a seed replays it.
struct Melody {
    /// The notes, written and sounded.
    let spelled: [SpelledNote]
    let keys: [MIDINote]
    /// Each note's scale degree, 1… (the tonic is 1 in every octave).
    let degrees: [Int]

    /// Walks tried before falling back to a scale up and down (one fails when no move the rules
    /// allow leads on, such as a lydian fourth between two tritones from the tonic).
    static let attempts = 50

    static func make(length: Int, in key: MelodyKey, range: ClosedRange<MIDINote>, tritones: Bool,
                     random: inout SeededRandom) -> Melody {
        let size = key.mode.degrees.count - 1
        let keys = range.lowerBound.rawValue...range.upperBound.rawValue
        let steps = (MelodyRules.lowestStep...MelodyRules.highestStep).filter { keys.contains(key.tonicKey.rawValue + key.semitones(ofStep: $0)) }
        let stable = steps.filter { MelodyRules.stableSemitones.contains(floorMod(key.semitones(ofStep: $0), 12)) }
        let starts = stable.filter { (0..<size).contains($0) }
        let endings = length >= 4 ? stable.filter { floorMod($0, size) == 0 } : stable
        for _ in 0..<attempts {
            guard let walk = walk(length: length, from: starts.isEmpty ? stable : starts, through: steps, to: endings,
                                  in: key, tritones: tritones, random: &random) else { continue }
            return Melody(steps: walk, in: key)
        }
        // Up the scale from the tonic and back to it: every move a step.
        let rise = length / 2
        return Melody(steps: (0..<length).map { $0 <= rise ? $0 : 2 * rise - $0 }, in: key)
    }

    /// One melody's scale steps, or nil when the walk came to a note no allowed move leaves.
    private static func walk(length: Int, from starts: [Int], through steps: [Int], to endings: [Int], in key: MelodyKey,
                             tritones: Bool, random: inout SeededRandom) -> [Int]? {
        guard var last = starts.randomElement(using: &random) else { return nil }
        var walk = [last], previous = 0
        while walk.count < length {
            let targets = (walk.count == length - 1 ? endings : steps).filter { target in
                MelodyRules.allows(key.semitones(ofStep: target) - key.semitones(ofStep: last), steps: target - last,
                                   after: previous, tritones: tritones)
            }
            let total = targets.map { MelodyRules.weight(ofSteps: $0 - last) }.reduce(0, +)
            guard total > 0 else { return nil }
            var pick = Int.random(in: 0..<total, using: &random)
            let next = targets.first { target in
                pick -= MelodyRules.weight(ofSteps: target - last)
                return pick < 0
            }!
            previous = key.semitones(ofStep: next) - key.semitones(ofStep: last)
            walk.append(next)
            last = next
        }
        return walk
    }

    /// The notes of `steps` scale steps from the key's tonic.
    private init(steps: [Int], in key: MelodyKey) {
        let intervals = key.mode.degrees
        let size = intervals.count - 1
        spelled = steps.map { step in
            let octave = Int((Double(step) / Double(size)).rounded(.down))
            let base = (try? key.tonic.transposed(by: intervals[step - octave * size])) ?? key.tonic
            return SpelledNote(base.name, octave: base.octave + octave)
        }
        keys = steps.map { MIDINote(key.tonicKey.rawValue + key.semitones(ofStep: $0)) }
        degrees = steps.map { floorMod($0, size) + 1 }
    }
}
