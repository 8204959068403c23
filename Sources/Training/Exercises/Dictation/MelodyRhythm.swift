import MusicTheory

/// A dictation's rhythm (`dictation --rhythm`): the melody's note values, a pattern of as many
/// notes as the melody drawn as a rhythm question's are, the count-in before it, and the judge of
/// a play-back's onsets, from its own first onset.
struct MelodyRhythm: Sendable {
    let pattern: RhythmPattern
    let timing: RhythmTiming
    let judge: RhythmJudge

    init(notes: Int, timing: RhythmTiming, random: inout SeededRandom) {
        self.init(pattern: RhythmPattern.draw(meter: timing.meter, notes: notes, level: timing.level, random: &random), timing: timing)
    }

    init(pattern: RhythmPattern, timing: RhythmTiming) {
        self.pattern = pattern
        self.timing = timing
        judge = RhythmJudge(pattern: pattern, tempo: timing.tempo, tolerance: timing.tolerance)
    }

    /// What its answers are counted under, as a rhythm's are: the meter and level (`4/4 eighths`).
    var subject: AnswerSubject { .rhythm(timing.meter, timing.level) }

    /// What the student is told beforehand: the tempo, the meter and the bars, never the values.
    var shown: MelodyTime { MelodyTime(tempo: timing.tempo, meter: timing.meter, bars: pattern.bars) }

    /// The melody in time, after a bar of clicks two octaves above the tonic (above every note a
    /// melody has) when `countIn`.
    func phrase(_ keys: [MIDINote], tonic: MIDINote, countIn: Bool) -> SoundPhrase {
        let click = MIDINote(min(127, tonic.rawValue + 24))
        return pattern.phrase(keys, tempo: timing.tempo,
                              countIn: countIn ? (click, min(0.1, pattern.secondsPerBeat(tempo: timing.tempo) / 2)) : nil)
    }

    /// A play-back's onsets (one a note, its pitches right), judged: the result, its words
    /// (`on time`, `2nd late 150 ms`) and the event's details.
    func judged(_ onsets: [Duration]) -> (result: RhythmJudge.Result, words: String, details: [String: JSONValue]) {
        let result = judge.judge(inOrder: onsets.map(\.seconds))
        return (result, result.described, .init(encoding: judge.judgement(result)))
    }

    /// The rhythm asked, for a client to draw once the question is over (never before): the
    /// details' `pattern`, as a rhythm question gives it.
    var answered: [String: JSONValue] { .init(encoding: RhythmRevealed(pattern: pattern.wire(tempo: timing.tempo))) }
}
