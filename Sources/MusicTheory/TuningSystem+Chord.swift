extension TuningSystem {
    /// The frequencies of a chord's notes, voiced anywhere, from the frequency of its root at
    /// `root` (which need not be one of the notes). Each note must be one of the chord's tones.
    ///
    /// Just intonation tunes every tone to the quality's `justProportions` above the root, octaves
    /// exact, so the chord is beatless (major 4:5:6). Pythagorean tunes each tone by its spelled
    /// interval above the root in fifths (the major third is 81/64). Equal temperament is 2^(n/12).
    public func frequencies(of notes: [SpelledNote], chord: Chord, root: SpelledNote, rootFrequency: Frequency) -> [Frequency] {
        precondition(root.name == chord.root, "the root note must be the chord's root")
        let proportions = chord.quality.justProportions
        return notes.map { note in
            let semitones = note.midiNumber - root.midiNumber
            switch self {
            case .equalTemperament, .pythagorean:
                return rootFrequency.shifted(byCents: centOffset(fifths: note.name.fifths - root.name.fifths, semitones: semitones))
            case .justIntonation:
                let fifths = note.name.fifths - root.name.fifths
                guard let tone = chord.quality.intervals.firstIndex(where: { $0.fifths == fifths }) else {
                    preconditionFailure("\(note) is not a tone of \(chord)")
                }
                let octaves = floorDiv(semitones - chord.quality.intervals[tone].semitones, 12)
                let ratio = Double(proportions[tone]) / Double(proportions[0]) * exp2(Double(octaves))
                return Frequency(hertz: rootFrequency.hertz * ratio)
            }
        }
    }

    /// The root-position tones of `chord` from `rootFrequency` (C major in just intonation from
    /// 261.6 Hz: 261.6, 327.0, 392.4). Throws when a tone cannot be spelled.
    public func frequencies(of chord: Chord, rootFrequency: Frequency) throws(TheoryError) -> [Frequency] {
        let root = SpelledNote(chord.root, octave: 4)
        var notes: [SpelledNote] = []
        for interval in chord.quality.intervals {
            notes.append(try root.transposed(by: interval))
        }
        return frequencies(of: notes, chord: chord, root: root, rootFrequency: rootFrequency)
    }

    /// The cadence of `key` from `tonic` tuned: each chord's root (its bass) is tuned from the
    /// tonic by this system, then its tones from that root. The tonic is equal tempered from
    /// `reference`, as everywhere.
    public func frequencies(of cadence: [VoicedChord], tonic: SpelledNote, reference: ReferencePitch = .standard) -> [[Frequency]] {
        cadence.map { voiced in
            let rootFrequency = frequency(of: voiced.bass, root: tonic, reference: reference)
            return frequencies(of: voiced.notes, chord: voiced.chord, root: voiced.bass, rootFrequency: rootFrequency)
        }
    }
}
