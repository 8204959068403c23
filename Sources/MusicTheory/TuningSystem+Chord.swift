extension TuningSystem {
    /// The frequencies of a chord's notes, voiced anywhere, from the frequency of its root at
    /// `root` (which need not be one of the notes). Each note must be one of the chord's tones.
    ///
    /// Just intonation tunes every tone to the quality's `justProportions` above the root, octaves
    /// exact, so the chord is beatless (major 4:5:6). Pythagorean tunes each tone by its spelled
    /// interval above the root in fifths (the major third is 81/64). Equal temperament is 2^(n/12).
    public func frequencies(of notes: [SpelledNote], chord: Chord, root: SpelledNote, rootFrequency: Frequency) -> [Frequency] {
        precondition(root.name == chord.root, "the root note must be the chord's root")
        return notes.map { note in
            let fifths = note.name.fifths - root.name.fifths
            guard let tone = chord.quality.intervals.firstIndex(where: { $0.fifths == fifths }) else {
                preconditionFailure("\(note) is not a tone of \(chord)")
            }
            return frequency(ofTone: tone, semitones: note.midiNumber - root.midiNumber, quality: chord.quality, rootFrequency: rootFrequency)
        }
    }

    /// The frequencies of keys that are the tones of a `quality` chord on `rootKey`, voiced
    /// anywhere, from the root's frequency: each key is the tone its distance from the root names,
    /// spelled as the quality spells it (on C, G♯ is the augmented fifth, never a minor sixth).
    public func frequencies(ofKeys keys: [MIDINote], quality: ChordQuality, rootKey: MIDINote, rootFrequency: Frequency) -> [Frequency] {
        keys.map { key in
            let semitones = key.rawValue - rootKey.rawValue
            guard let tone = quality.semitones.firstIndex(where: { floorMod(semitones - $0, 12) == 0 }) else {
                preconditionFailure("\(key) is not a tone of a \(quality) chord on \(rootKey)")
            }
            return frequency(ofTone: tone, semitones: semitones, quality: quality, rootFrequency: rootFrequency)
        }
    }

    /// The chord's `tone`-th tone (an index into the quality's intervals) `semitones` above the
    /// root, in whichever octave that puts it.
    private func frequency(ofTone tone: Int, semitones: Int, quality: ChordQuality, rootFrequency: Frequency) -> Frequency {
        let interval = quality.intervals[tone]
        switch self {
        case .equalTemperament, .pythagorean:
            return rootFrequency.shifted(byCents: centOffset(fifths: interval.fifths, semitones: semitones))
        case .justIntonation:
            let proportions = quality.justProportions
            let octaves = floorDiv(semitones - interval.semitones, 12)
            return Frequency(hertz: rootFrequency.hertz * Double(proportions[tone]) / Double(proportions[0]) * exp2(Double(octaves)))
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
