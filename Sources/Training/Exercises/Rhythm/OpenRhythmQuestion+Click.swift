import MusicTheory

/// The steady click (`--click steady`): the count-in's click goes on at the tempo under the
/// pattern, through one bar more, and through the play-back, which starts on the next downbeat
/// and is judged against the click's beats. The click ends at the play-back's deadline; the
/// daemon silences it at the answer or a stop (a phrase that `timesAnswer` ends with its question).
extension OpenRhythmQuestion {
    /// Seconds from the phrase's first click to the play-back's downbeat: the count-in bar, the
    /// pattern's bars, one bar of clicks.
    var downbeatOffset: Double {
        Double(pattern.meter.beatsPerBar * (1 + pattern.bars + 1)) * judge.secondsPerBeat
    }

    /// The count-in, then the click on every beat until the play-back's deadline, the pattern
    /// over it from the second bar; the daemon tells the question when it is heard.
    var steadyPhrase: SoundPhrase {
        let beat = judge.secondsPerBeat
        let beatsPerBar = pattern.meter.beatsPerBar
        let end = downbeatOffset + playBackLength
        let (countNotes, countTiming) = countInClicks(beatsPerBar)
        let later = Array((beatsPerBar...).lazy.map { Double($0) * beat }.prefix { $0 < end })
        let heard = patternNotes(at: Double(beatsPerBar) * beat)
        var phrase = SoundPhrase(countNotes + [MIDINote](repeating: click, count: later.count) + heard.notes,
                                 timing: countTiming + later.map { NoteTime(start: $0, length: clickLength) } + heard.timing)
        phrase.clicks = Set((exercise.countIn == .tonic ? countNotes.count : 0)..<countNotes.count + later.count)
        phrase.timesAnswer = true
        return phrase
    }

    /// After a wrong play-back with a steady click, the phrase again: the count-in, the pattern and
    /// the click that times the next try, coming in on a downbeat of the grid just heard (the beat
    /// goes on; "wrong" is said before it). Free, nothing: the student starts again when ready.
    var retrySounds: [SoundPhrase] {
        guard exercise.click == .steady else { return [] }
        var phrase = steadyPhrase
        phrase.startsOnBar = Double(pattern.meter.beatsPerBar) * judge.secondsPerBeat
        return [phrase]
    }

    /// Whether a key at `time` is part of the play-back: free, every key; steady, only once the
    /// grid is heard and from just before the downbeat (a student tapping along with the pattern
    /// or the clicks before it is not answering yet).
    func takesOnset(at time: Duration) -> Bool {
        guard exercise.click == .steady else { return true }
        guard let origin = playBackOrigin else { return false }
        return (time - origin).seconds >= -judge.window(0)
    }

    /// The steady phrase was heard from `time` on (its output's delay counted): the grid starts
    /// there, and a play-back under way before it (a repeat) starts again.
    mutating func heard(at time: Duration) {
        guard exercise.click == .steady else { return }
        heardAt = time
        onsets = []
        keys = []
    }
}
