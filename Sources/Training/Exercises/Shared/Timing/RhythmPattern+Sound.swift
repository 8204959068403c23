import MusicTheory

extension RhythmPattern {
    /// A beat's length in seconds at `tempo` beats per minute.
    public func secondsPerBeat(tempo: Int) -> Double {
        Double(meter.unitsPerBeat) * secondsPerUnit(tempo: tempo)
    }

    /// The pattern's notes on `pitches` (one each, in order: one pitch for a rhythm, a melody's
    /// notes for a dictation) at `tempo`, after a bar of `countIn` clicks on the beat when one is
    /// given, as one timed phrase, so the beat runs on from the count-in into the pattern.
    public func phrase(_ pitches: [MIDINote], tempo: Int, countIn: (note: MIDINote, length: Double)? = nil) -> SoundPhrase {
        precondition(pitches.count == notes.count, "a pitch for every note")
        let beat = secondsPerBeat(tempo: tempo)
        let clicks = countIn == nil ? 0 : meter.beatsPerBar
        let sounded = [MIDINote](repeating: countIn?.note ?? MIDINote(0), count: clicks) + pitches
        let timing = (0..<clicks).map { NoteTime(start: Double($0) * beat, length: countIn?.length ?? 0.1) }
            + noteTimes(tempo: tempo, from: Double(clicks) * beat)
        var phrase = SoundPhrase(sounded, timing: timing)
        phrase.clicks = Set(0..<clicks)
        return phrase
    }

    /// When each note sounds at `tempo`, from `start` seconds into a phrase: detached a little,
    /// so that repeated notes are heard as onsets.
    public func noteTimes(tempo: Int, from start: Double = 0) -> [NoteTime] {
        let perUnit = secondsPerUnit(tempo: tempo)
        return notes.map { note in
            let length = Double(note.units) * perUnit
            return NoteTime(start: start + Double(note.start) * perUnit, length: max(0.05, length - min(0.06, length / 4)))
        }
    }
}
