/// Four voices for a progression's chords, led as a harmony teacher writes them, chosen together
/// across the whole progression (the least motion, a shortest path through every chord's
/// voicings):
/// - the bass on each chord's bass tone, by step where it can (IV→V and ii6→V rise a step);
/// - three upper voices, each chord complete;
/// - never parallel or contrary fifths or octaves between any two voices, nor a doubled leading
///   tone or seventh, nor voices crossing or overlapping the voice beside them before;
/// - a seventh falls by step; the leading tone in the soprano rises to the tonic.
///
/// Every register is relative to the tonic, so a progression is voiced alike in every key: the
/// bass 5 to 19 semitones below the tonic, the upper voices from an octave below it to a
/// tritone above it (the note range the tonic is chosen in keeps both).
struct ProgressionVoicing {
    /// A chord to voice: its pitch classes in chord order (root, third, fifth, seventh) and which
    /// of them is the bass.
    struct Chord: Sendable, Hashable {
        let classes: [Int]
        let bassTone: Int
    }

    /// Where the bass and the upper voices lie, in semitones from the tonic.
    static let bassRange = -19 ... -5
    static let upperRange = -12...6

    let tonic: Int
    /// The key's leading tone, a semitone under the tonic (harmonic minor's in minor).
    var leadingTone: Int { (tonic + 11) % 12 }

    /// The chords voiced, each [bass, tenor, alto, soprano] as keys.
    func voice(_ chords: [Chord]) -> [[Int]] {
        let candidates = chords.map(voicings)
        guard !chords.isEmpty, candidates.allSatisfy({ !$0.isEmpty }) else { return [] }
        // Cheapest path: cost[i][k] is the least cost of the chords up to i ending in voicing k.
        var cost = candidates[0].map { placement($0, chords[0]) }
        var from: [[Int]] = [Array(repeating: -1, count: candidates[0].count)]
        for index in chords.indices.dropFirst() {
            var next: [Double] = []
            var back: [Int] = []
            for voicing in candidates[index] {
                let own = placement(voicing, chords[index])
                var best = (Double.infinity, -1)
                for (k, previous) in candidates[index - 1].enumerated() {
                    let total = cost[k] + motion(previous, chords[index - 1], voicing, chords[index])
                    if total < best.0 { best = (total, k) }
                }
                next.append(best.0 + own)
                back.append(best.1)
            }
            cost = next
            from.append(back)
        }
        var k = cost.indices.min { cost[$0] < cost[$1] }!
        var path: [[Int]] = []
        for index in chords.indices.reversed() {
            path.append(candidates[index][k])
            k = from[index][k]
        }
        return path.reversed()
    }

    /// Every voicing of `chord` the rules allow on its own: [bass, tenor, alto, soprano], rising,
    /// adjacent upper voices at most an octave apart, the tenor within a twelfth of the bass.
    func voicings(_ chord: Chord) -> [[Int]] {
        let classes = Set(chord.classes)
        let basses = Self.bassRange.map { tonic + $0 }.filter { pitchClass($0) == chord.classes[chord.bassTone] }
        let uppers = Self.upperRange.map { tonic + $0 }.filter { classes.contains(pitchClass($0)) }
        var result: [[Int]] = []
        for bass in basses {
            for tenor in uppers where tenor > bass && tenor - bass <= 19 {
                for alto in uppers where alto > tenor && alto - tenor <= 12 {
                    for soprano in uppers where soprano > alto && soprano - alto <= 12 {
                        let voicing = [bass, tenor, alto, soprano]
                        if allowed(voicing, chord) { result.append(voicing) }
                    }
                }
            }
        }
        return result
    }

    /// Complete (just intonation tunes a chord it recognises, `TunedNotes`), with no doubled
    /// leading tone or seventh, and a six-four chord doubling its bass.
    private func allowed(_ voicing: [Int], _ chord: Chord) -> Bool {
        let counts = Dictionary(voicing.map { (pitchClass($0), 1) }, uniquingKeysWith: +)
        if chord.classes.contains(where: { counts[$0] == nil }) { return false }
        if counts[leadingTone, default: 0] > 1 { return false }
        if chord.classes.count == 4 && counts[chord.classes[3], default: 0] > 1 { return false }
        if chord.bassTone == 2 && counts[chord.classes[2], default: 0] < 2 { return false }
        return true
    }

    /// What a voicing costs on its own: a doubling other than the one a teacher prefers, a
    /// soprano far from the middle of its register.
    private func placement(_ voicing: [Int], _ chord: Chord) -> Double {
        let counts = Dictionary(voicing.map { (pitchClass($0), 1) }, uniquingKeysWith: +)
        var cost = Double(abs(voicing[3] - (tonic + 2))) * 0.1
        for (role, pitch) in chord.classes.enumerated() where counts[pitch, default: 0] > 1 {
            switch (chord.bassTone, role) {
            case (_, 0): break  // the root
            case (0, 2), (1, 2): cost += 2  // the fifth
            case (2, 2): break  // a six-four's bass
            default: cost += 5  // the third
            }
        }
        return cost
    }

    /// What moving from one voicing to the next costs: any parallel or contrary fifth or octave
    /// rules it out, overlaps and unresolved tendency tones nearly so; then leaps, hidden fifths
    /// and octaves in the outer voices, and the motion itself.
    private func motion(_ a: [Int], _ chordA: Chord, _ b: [Int], _ chordB: Chord) -> Double {
        var cost = 0.0
        for low in 0..<4 {
            for high in low + 1..<4 {
                let before = pitchClass(a[high] - a[low]), after = pitchClass(b[high] - b[low])
                let moved = a[low] != b[low] || a[high] != b[high]
                if moved && before == after && (before == 0 || before == 7) { cost += 1000 }
            }
        }
        for voice in 0..<3 where b[voice] >= a[voice + 1] || b[voice + 1] <= a[voice] { cost += 100 }
        // Hidden fifths and octaves: the outer voices into one by similar motion, the soprano leaping.
        let outer = pitchClass(b[3] - b[0])
        if (outer == 0 || outer == 7) && (b[0] - a[0]).signum() == (b[3] - a[3]).signum() && b[0] != a[0] && abs(b[3] - a[3]) > 2 {
            cost += 30
        }
        // A seventh falls by step; the leading tone in the soprano rises to the tonic.
        if chordA.classes.count == 4 {
            for voice in 0..<4 where pitchClass(a[voice]) == chordA.classes[3] && !(1...2).contains(a[voice] - b[voice]) {
                cost += 100
            }
        }
        if chordA.classes.contains(leadingTone) && chordB.classes.contains(pitchClass(tonic)) && pitchClass(a[3]) == leadingTone
            && b[3] - a[3] != 1 {
            cost += 100
        }
        for voice in 1..<4 {
            let leap = abs(b[voice] - a[voice])
            cost += Double(leap) + (leap > 7 ? 10 : 0)
        }
        let bass = abs(b[0] - a[0])
        cost += Double(bass) * 0.5 + (bass > 7 ? 8 : 0)
        return cost
    }

    private func pitchClass(_ value: Int) -> Int { floorMod(value, 12) }
}
