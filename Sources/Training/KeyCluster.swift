import MusicTheory

/// Three or more neighbouring keys held together, each within a whole tone of the next: a flat
/// hand on the keys, which a keyboard of any size can play and no exercise asks for (no chord
/// quality has three notes within a major third, in any voicing), so it can be a control.
public enum KeyCluster {
    /// Where a cluster lies: its lowest key below middle C (C4, MIDI 60) or from middle C up.
    public enum Side: String, Sendable, CaseIterable {
        case low, high
    }

    /// The fewest keys that make a cluster.
    public static let fewestKeys = 3
    /// The widest step between neighbouring keys of a cluster, in semitones.
    public static let widestStep = 2
    /// Middle C, where the sides meet.
    public static let middleC = MIDINote(60)

    /// The side of the cluster among `keys`, if they hold one: the longest run of keys each
    /// within a whole tone of the next has at least three keys.
    public static func side(of keys: some Collection<MIDINote>) -> Side? {
        let sorted = keys.map(\.rawValue).sorted()
        var runStart = 0
        for index in sorted.indices {
            if index > 0, sorted[index] - sorted[index - 1] > widestStep { runStart = index }
            if index - runStart + 1 >= fewestKeys {
                return sorted[runStart] < middleC.rawValue ? .low : .high
            }
        }
        return nil
    }
}

extension KeyCluster.Side: Hashable, Codable {}
