import MusicTheory
import Testing
@testable import Training

/// `dictation --from`: melodies that are phrases of a teacher's scores, given to the engine by a
/// library (the daemon's reads files; here, phrases written out), in the key their score is in.
@Suite struct DictationScoreTests {
    /// A library that gives the phrases it holds, and remembers what it was asked.
    final class Phrases: ScoreLibrary, @unchecked Sendable {
        let melodies: [ScoreMelody]
        var asked: [ScoreRequest] = []
        init(_ melodies: [ScoreMelody]) { self.melodies = melodies }
        func melodies(_ request: ScoreRequest) throws(TrainingError) -> [ScoreMelody] {
            asked.append(request)
            return melodies
        }
    }

    /// Ode to Joy's first two bars in D major (F#4 F#4 G4 A4 | A4 G4 F#4 E4), in quarters.
    static let ode = ScoreMelody(keys: [66, 66, 67, 69, 69, 67, 66, 64].map { MIDINote($0) }, fifths: 2, minor: false,
                                 rhythm: .init(meter: .fourFour, lead: 0, lengths: Array(repeating: 12, count: 8)), source: "ode.musicxml, bars 1-2")
    /// A minor phrase with its raised seventh, on an upbeat in 3/4: E4 | A4 G#4 A4 | B4 (a half) C5
    /// (a half, tied over the bar line).
    static let minor = ScoreMelody(keys: [64, 69, 68, 69, 71, 72].map { MIDINote($0) }, fifths: 0, minor: true,
                                   rhythm: .init(meter: .threeFour, lead: 24, lengths: [12, 12, 12, 12, 24, 24]), source: "minor.mid, bars 1-4")

    static func start(_ melodies: [ScoreMelody], _ exercise: DictationExercise = DictationExercise(score: DictationScore(request: ScoreRequest(paths: ["/scores/ode.musicxml"]))),
                      settings: TrainingSettings = .cello, seed: UInt64 = 1) throws -> (Harness, Phrases) {
        let harness = Harness(seed: seed, settings: settings)
        let library = Phrases(melodies)
        harness.engine.scores = library
        try harness.engine.start(Exercise(exercise))
        return (harness, library)
    }

    static func shown(_ harness: Harness) throws -> DictationQuestion {
        try #require(harness.sink.prompts.last?.question.shown(as: DictationQuestion.self))
    }

    @Test("the phrase is asked as written: its notes, its key from the signature, its degrees; played back right, it is done")
    func asWritten() throws {
        let (harness, library) = try Self.start([Self.ode])
        #expect(library.asked == [ScoreRequest(paths: ["/scores/ode.musicxml"], part: nil, bars: 1...2)])
        let prompt = try #require(harness.sink.prompts.last)
        #expect(prompt.sounds.last?.notes.map { $0.rawValue } == [66, 66, 67, 69, 69, 67, 66, 64])
        let shown = try Self.shown(harness)
        #expect(shown.key == "D ionian" && shown.root.description == "F#4" && shown.length == 8 && shown.tonic.rawValue == 62)
        #expect(prompt.sounds.first?.notes.count ?? 0 > 1, "a new key is set by its cadence first")
        for note in [66, 66, 67, 69, 69, 67, 66, 64] { harness.play(note) }
        let judged = harness.sink.judgements
        #expect(judged.count == 8 && judged.allSatisfy { $0.correct })
        #expect(judged.map { $0.subject } == [3, 3, 4, 5, 5, 4, 3, 2].map { AnswerSubject.degree($0) })
        #expect(judged.map { $0.expected.spelled.description } == ["F#4", "F#4", "G4", "A4", "A4", "G4", "F#4", "E4"])
        #expect(harness.sink.prompts.count == 2, "the next phrase comes")
        #expect(harness.sink.prompts.last?.sounds.count == 2, "in the same key: no cadence again")
    }

    @Test("out of the note range it moves by octaves and keeps its key; with no octave that fits, into another key, unless the key is kept")
    func placement() throws {
        let narrow = TrainingSettings(noteRange: MIDINote(48)...MIDINote(60))
        let (low, _) = try Self.start([Self.ode], settings: narrow)
        #expect(try Self.shown(low).key == "D ionian")
        #expect(low.sink.prompts.last?.sounds.last?.notes.map { $0.rawValue } == [54, 54, 55, 57, 57, 55, 54, 52], "an octave down")

        let tight = TrainingSettings(noteRange: MIDINote(60)...MIDINote(67))
        let (moved, _) = try Self.start([Self.ode], settings: tight)
        #expect(try Self.shown(moved).key == "C ionian", "two semitones down: C major")
        #expect(moved.sink.prompts.last?.sounds.last?.notes.map { $0.rawValue } == [64, 64, 65, 67, 67, 65, 64, 62])

        var kept = DictationExercise(score: DictationScore(request: ScoreRequest(paths: ["/scores/ode.musicxml"]), keepKey: true))
        #expect(throws: TrainingError.self) { try Self.start([Self.ode], kept, settings: tight) }
        kept.score = nil
        #expect(throws: Never.self) { try Self.start([Self.ode], kept, settings: tight) }
    }

    @Test("a minor key's raised seventh is spelled sharp and counted as its seventh degree")
    func minorKey() throws {
        let (harness, _) = try Self.start([Self.minor])
        let shown = try Self.shown(harness)
        #expect(shown.key == "A aeolian" && shown.root.description == "E4" && shown.tonic.rawValue == 57)
        for note in [64, 69, 68, 69, 71, 72] { harness.play(note) }
        let judged = harness.sink.judgements
        #expect(judged.map { $0.expected.spelled.description } == ["E4", "A4", "G#4", "A4", "B4", "C5"])
        #expect(judged.map { $0.subject } == [5, 1, 7, 1, 2, 3].map { AnswerSubject.degree($0) })
    }

    @Test("with its rhythm: the score's values and meter at the session's tempo, the upbeat after its rest, a long note tied over the bar line")
    func rhythm() throws {
        var exercise = DictationExercise(rhythm: true, timing: RhythmTiming(tempo: 60))
        exercise.from = ["/scores/minor.mid"]
        let (harness, _) = try Self.start([Self.minor], exercise)
        let shown = try Self.shown(harness)
        #expect(shown.time == MelodyTime(tempo: 60, meter: .threeFour, bars: 4))
        let phrase = try #require(harness.sink.prompts.last?.sounds.last)
        let starts = phrase.timing.dropFirst(3).map { $0.start }
        #expect(starts == [5, 6, 7, 8, 9, 11], "a bar of three clicks from 0 s, then the upbeat on the bar's third beat, a beat to a quarter at 60 BPM: \(starts)")
        let values = MelodyRhythm(score: try #require(Self.minor.rhythm), timing: RhythmTiming()).pattern.values
        #expect(values.map(\.units) == [24, 12, 12, 12, 12, 24, 12, 12] && values.map(\.tiedToNext) == [false, false, false, false, false, false, true, false])
        #expect(values.first?.isRest == true && values.dropFirst().allSatisfy { !$0.isRest })
        let onsets = starts.map { $0 - starts[0] }
        for (index, note) in [64, 69, 68, 69, 71, 72].enumerated() {
            harness.play(note, after: index == 0 ? .seconds(2) : .seconds(onsets[index] - onsets[index - 1]))
        }
        #expect(harness.sink.judgements.last?.described == "rhythm on time")
        #expect(harness.sink.judgements.last?.subject == .rhythm(.threeFour, RhythmLevel(1)!))
    }

    @Test("scores that give nothing to ask are refused by the engine, and the session running goes on")
    func refusals() throws {
        let (harness, _) = try Self.start([Self.ode])
        let noRhythm = ScoreMelody(keys: Self.ode.keys, fifths: 2, minor: false, rhythm: nil, source: "quintuplets.mxl, bars 1-2")
        harness.engine.scores = Phrases([noRhythm])
        var timed = DictationExercise(rhythm: true)
        timed.from = ["/scores/quintuplets.mxl"]
        let refusal = #expect(throws: TrainingError.self) { try harness.engine.start(Exercise(timed)) }
        #expect(refusal?.description.contains("leave out --rhythm") == true)
        harness.engine.scores = Phrases([])
        #expect(throws: TrainingError.self) { try harness.engine.start(Exercise(timed)) }
        let still = try Self.shown(harness)
        #expect(harness.engine.isRunning && still.key == "D ionian", "the first session still runs")
        let unread = Harness()
        #expect(throws: TrainingError.self) { try unread.engine.start(Exercise(timed)) }
    }

    @Test("the options: --from, --part, --bars and --keep-key; a dictation without a score is stored as before")
    func options() throws {
        let params = ExerciseParams(["from": .array([.string("/a.mxl"), .string("/songs")]), "part": .string("Violin"), "bars": .string("1-4"), "keep_key": .bool(true)])
        let options = try DictationExercise.options(from: params, over: DictationExercise())
        #expect(options.scoreRequest == ScoreRequest(paths: ["/a.mxl", "/songs"], part: "Violin", bars: 1...4) && options.keepKey)
        #expect(options.summary == "phrases of 1-4 bars from a.mxl and 1 more, part Violin, in their own keys")
        #expect(throws: ExerciseParams.Refusal.self) { try DictationExercise.options(from: ExerciseParams(["from": .array([.string("a.mxl")])]), over: DictationExercise()) }
        for bad in ["0", "3-2", "1-17", "x", "1-2-3", ""] {
            #expect(throws: ExerciseParams.Refusal.self, "\(bad)") { try DictationExercise.options(from: ExerciseParams(["bars": .string(bad)]), over: DictationExercise()) }
        }
        #expect(DictationExercise().score == nil && DictationExercise().scoreRequest == nil)
        var untouched = DictationExercise()
        untouched.bars = 1...2
        #expect(untouched.score == nil, "a score option set to its default leaves no score")
        let line = try DictationExercise.commandLine.params(from: ["--from", "a.mxl,b.mid", "--bars", "2"]) { "/here/" + $0 }
        #expect(line.values["from"] == .array([.string("/here/a.mxl"), .string("/here/b.mid")]))
    }

    @Test("spelling in a key: the scale's notes by its letters, others nearest the key on the line of fifths")
    func spelling() {
        let c = ScoreKey(fifths: 0, minor: false)
        #expect([61, 63, 66, 68, 70].map { c.spelled(MIDINote($0)).description } == ["C#4", "Eb4", "F#4", "G#4", "Bb4"])
        let eFlat = ScoreKey(fifths: -3, minor: false)
        #expect(eFlat.tonic.description == "Eb" && [63, 68, 70, 66].map { eFlat.spelled(MIDINote($0)).description } == ["Eb4", "Ab4", "Bb4", "Gb4"])
        let fSharpMinor = ScoreKey(fifths: 3, minor: true)
        #expect(fSharpMinor.tonic.description == "F#" && fSharpMinor.spelled(MIDINote(65)).description == "E#4" && fSharpMinor.degree(of: fSharpMinor.spelled(MIDINote(65))) == 7)
        #expect(ScoreKey(fifths: 0, minor: false).transposed(by: 6).tonic.description == "F#")
        #expect(ScoreKey(fifths: 0, minor: false).transposed(by: 1).tonic.description == "Db")
        #expect(ScoreKey(fifths: 0, minor: true).transposed(by: -2).tonic.description == "G")
        #expect(c.spelled(MIDINote(60)).description == "C4" && ScoreKey(fifths: 7, minor: false).spelled(MIDINote(60)).description == "B#3")
    }

    @Test("from the middle levels a dictation of made melodies mixes in real ones, about one in three; below them, and with no library at hand, none")
    func mixedIn() throws {
        let real = ScoreMelody(keys: [67, 65, 64, 62, 60].map { MIDINote($0) }, fifths: 0, minor: false,
                               rhythm: .init(meter: .fourFour, lead: 0, lengths: [12, 12, 12, 12, 24]), source: "real.mid, bars 1-2")
        func questions(level: Int, library: Bool) throws -> [String?] {
            let harness = Harness(seed: 4)
            let phrases = Phrases([real])
            if library { harness.engine.scores = phrases }
            let exercise = DictationExercise(length: 4, root: try RootNote(parsing: "C"), rhythm: true, timing: RhythmTiming(level: RhythmLevel(level)!))
            try harness.engine.start(Exercise(exercise))
            if library { #expect(phrases.asked == (level >= 3 ? [ScoreRequest(paths: [], library: .all, mixed: true)] : [])) }
            var kinds: [String?] = []
            for _ in 0..<30 {
                let shown = try #require(harness.sink.prompts.last?.question.shown(as: DictationQuestion.self))
                kinds.append(shown.length == 5 ? "real" : nil)
                harness.engine.perform(.skip)
            }
            return kinds
        }
        let mixed = try questions(level: 3, library: true)
        #expect((5...15).contains(mixed.compactMap { $0 }.count), "about a third of 30 real: \(mixed.compactMap { $0 }.count)")
        #expect(try questions(level: 2, library: true).allSatisfy { $0 == nil })
        #expect(try questions(level: 5, library: false).allSatisfy { $0 == nil }, "no library: made melodies only, no refusal")
        let summary = DictationExercise(rhythm: true, timing: RhythmTiming(level: RhythmLevel(3)!)).summary
        #expect(summary.hasSuffix(", real melodies mixed in") && summary.hasPrefix("melodies of 4 notes"), "\(summary)")
    }
}
