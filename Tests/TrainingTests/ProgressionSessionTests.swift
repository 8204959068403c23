import MusicTheory
import Testing
@testable import Training

/// A progression played back: the tonic chord sets the key, 3–5 chords follow; each chord is judged as
/// the chord kind judges one, in order; results per Roman numeral and per progression.
@Suite struct ProgressionSessionTests {
    static func start(_ exercise: ProgressionExercise = ProgressionExercise(progressions: [.twoFiveOne], root: try! RootNote(parsing: "C4")),
                      seed: UInt64 = 1) throws -> Harness {
        let harness = Harness(seed: seed)
        try harness.engine.start(Exercise(exercise))
        return harness
    }

    /// The chords the latest prompt sounded after its tonic chord (four notes, then together).
    static func chords(_ harness: Harness) throws -> [[Int]] {
        let sounds = try #require(harness.sink.prompts.last?.sounds)
        return sounds.dropFirst(5).map { $0.notes.map(\.rawValue) }
    }

    /// Keys pressed together, then released.
    static func playChord(_ keys: [Int], _ harness: Harness, after: Duration = .seconds(1)) {
        for (index, key) in keys.enumerated() { harness.press(key, after: index == 0 ? after : .milliseconds(10)) }
        harness.release(keys)
    }

    @Test("every progression's name is its numerals; levels 1-3 hold four each; a minor one's V is major")
    func catalog() throws {
        for progression in Progression.allCases {
            #expect(progression.rawValue == progression.numerals.map(\.name).joined(separator: "-"))
            #expect((3...5).contains(progression.numerals.count))
        }
        #expect(Progression.levels.map { level in Progression.allCases.filter { $0.level == level }.count } == [4, 4, 4])
        #expect(Progression.named("i-iv-V-i") == .minorCadence && Progression.named("I-IV-V-I") == .one)
        #expect(Progression.named("II-v-i") == .twoFiveOne && Progression.named("i-iv-v-i") == nil, "in any case only when that names one")
        #expect(try RomanNumeral(5, .major).chord(in: Key(tonic: NoteName(parsing: "A"), quality: .minor)).symbol == "E")
        #expect(RomanNumeral(5, .dominant7, inversion: 1).name == "V65" && RomanNumeral(1, .major, inversion: 2).spoken == "one six four")
    }

    @Test("the tonic chord broken and together, then the chords together, each in four voices around the tonic; only the key and the count are shown")
    func prompt() throws {
        for seed in UInt64(1)...12 {
            let harness = try Self.start(ProgressionExercise(progressions: Progression.allCases), seed: seed)
            let prompt = try #require(harness.sink.prompts.last)
            let shown = try #require(prompt.question.shown(as: ProgressionQuestion.self))
            let chords = try Self.chords(harness)
            #expect(prompt.sounds.count == 5 + shown.length && chords.count == shown.length)
            let tonicChord = prompt.sounds.prefix(5).map { $0.notes.map(\.rawValue) }
            #expect(tonicChord.prefix(4).map(\.count) == [1, 1, 1, 1] && tonicChord[4] == tonicChord.prefix(4).flatMap { $0 },
                    "the tonic chord's four voices one by one, then together: \(tonicChord)")
            #expect(Set(tonicChord[4].map { $0 % 12 }) == Set(shown.key.tonicChord.pitchClasses.map(\.rawValue)), "\(tonicChord)")
            #expect(prompt.sounds.dropFirst(4).allSatisfy { $0.together })
            let tonic = shown.root.midiNumber
            #expect(ProgressionExercise.tonicRegister.lowerBound.rawValue <= tonic && tonic <= ProgressionExercise.tonicRegister.upperBound.rawValue)
            for chord in chords {
                #expect(chord.count == 4 && (tonic - 19...tonic - 5).contains(chord[0]), "the bass \(chord[0]) under \(tonic)")
                #expect(chord.dropFirst().allSatisfy { (tonic - 12...tonic + 6).contains($0) }, "\(chord)")
                #expect(chord.allSatisfy { (36...72).contains($0) }, "within the note range: \(chord)")
            }
            #expect(!prompt.question.shown.namesSubjectWhileOpen)
            let visible = "\(shown.detailFields) \(shown.statusFields) \(shown.text) \(shown.spoken)"
            for progression in Progression.allCases { #expect(!visible.contains(progression.rawValue), "\(visible)") }
            #expect(shown.detailFields.keys.sorted() == ["chords", "key", "tonic"])
            #expect(shown.spoken.hasPrefix("listen: the key of ") && shown.spoken.contains(", then "))
        }
    }

    @Test("played back right chord by chord, in any voicing: each counted under its numeral, the whole under its progression")
    func playedBack() throws {
        let harness = try Self.start()
        let chords = try Self.chords(harness)
        #expect(chords.count == 3)
        #expect(harness.sink.prompts.last?.question.shown.spoken == "listen: the key of C major, then three chords")
        for (index, chord) in chords.enumerated() {
            // Another voicing: the upper keys an octave up, the bass kept, and doubled on top,
            // pressed last (after the chord is complete: one of it, not a new answer).
            Self.playChord([chord[0]] + chord.dropFirst().map { $0 + 12 } + [chord[0] + 36], harness)
            let judged = try #require(harness.sink.judgements.last)
            #expect(judged.correct, "chord \(index + 1): \(chord)")
            #expect(harness.sink.judgements.count == index + 1, "one judgement a chord")
            #expect(judged.staff.notes.filter { $0.role == .answer }.count == index + 1)
        }
        #expect(harness.sink.judgements.map(\.subject.label) == ["ii", "V", "I"])
        #expect(harness.sink.prompts.count == 2, "the next question after the last chord")
        harness.engine.perform(.stop)
        let results = try #require(harness.sink.results.last)
        #expect(results.correct == 3 && results.errors == 0)
        let rows = Dictionary(uniqueKeysWithValues: results.breakdown.map { ($0.subject.label, $0) })
        #expect(rows["ii-V-I"]?.correct == 1 && rows["ii-V-I"]?.correctFirstTry == 1)
        #expect(rows["V"]?.correct == 1 && rows["ii"]?.asked == 2, "the second question, ii-V-I again, asked too")
    }

    @Test("the answer is timed from the last chord's start, after the last progression's echo and the breath")
    func answerTime() throws {
        let harness = try Self.start()
        let settings = harness.settings.current
        for question in 1...2 {
            let sounds = try #require(harness.sink.prompts.last?.sounds)
            let echo = question == 1 ? Duration.zero
                : sounds.dropFirst(5).map { $0 }.soundingTime(settings) - settings.promptGap + settings.breath  // ii-V-I again: as long
            // Each chord's tones once, the bass first: complete at its last key, 20 ms after the first.
            let chords = try Self.chords(harness).map { chord in [chord[0]] + chord.dropFirst().filter { $0 % 12 != chord[0] % 12 } }
            // The last question's keys came up 300 ms after it was answered (and this one prompted).
            let since = question == 1 ? Duration.zero : .milliseconds(300)
            Self.playChord(chords[0], harness, after: echo + sounds.dropLast().soundingTime(settings) + .milliseconds(500) - since)
            let first = try #require(harness.sink.judgements.last)
            #expect(first.correct && first.responseTime == .milliseconds(520), "question \(question): \(first.responseTime)")
            for chord in chords.dropFirst() { Self.playChord(chord, harness) }
        }
    }

    @Test("a wrong chord is heard as what it is and tried again; after the tries the rest is revealed")
    func wrongAndReveal() throws {
        let harness = try Self.start(ProgressionExercise(progressions: [.twoFiveOne], root: try RootNote(parsing: "C4"), triesBeforeReveal: 2))
        let chords = try Self.chords(harness)
        Self.playChord(chords[0], harness)
        Self.playChord(chords[0], harness)  // ii again where V is expected
        let wrong = try #require(harness.sink.judgements.last)
        #expect(!wrong.correct && wrong.heardAs == "D minor" && wrong.attempt == 1)
        #expect(wrong.staff.notes.filter { $0.role == .answer }.count == 1, "the chord played right stays drawn")
        Self.playChord(chords[1], harness)
        #expect(harness.sink.judgements.last?.attempt == 2, "the second try at V")
        Self.playChord([48, 52, 56], harness)  // C augmented where I is expected
        let reveal = try #require(harness.sink.reveals.last)
        #expect(reveal.answers.map(\.midiNote.rawValue) == chords.map { $0[0] }, "every chord's bass")
        #expect(reveal.subjects.map(\.label) == ["ii-V-I"])
        harness.engine.perform(.stop)
        let results = try #require(harness.sink.results.last)
        #expect(results.correct == 2 && results.errors == 2)
        #expect(results.breakdown.first { $0.subject.label == "ii-V-I" }?.revealed == 1)
        #expect(results.confusions.map { "\($0.expected) → \($0.played)" }.sorted() == ["I → I+", "V → ii"],
                "what was played, as a numeral of the key where it is one")
    }

    @Test("with the bass, an inversion counts only with its bass lowest; without, any voicing")
    func bass() throws {
        let exercise = ProgressionExercise(progressions: [.leadingBass], root: try RootNote(parsing: "C4"), bass: true)
        let harness = try Self.start(exercise)
        let chords = try Self.chords(harness)
        Self.playChord(chords[0], harness)
        // V6: B in the bass. G B D in root position is the chord, but not its bass.
        #expect(chords[1][0] % 12 == 11)
        Self.playChord([43, 59, 62], harness)
        let wrong = try #require(harness.sink.judgements.last)
        #expect(!wrong.correct && wrong.heardAs == "G major over G", "\(String(describing: wrong.heardAs))")
        Self.playChord(chords[1], harness)
        #expect(harness.sink.judgements.last?.correct == true)
        harness.engine.perform(.stop)
        #expect(harness.sink.results.last?.confusions.map { "\($0.expected) → \($0.played)" } == ["V6 → V"])

        let loose = try Self.start(ProgressionExercise(progressions: [.leadingBass], root: try RootNote(parsing: "C4")))
        let same = try Self.chords(loose)
        Self.playChord(same[0], loose)
        Self.playChord([43, 59, 62], loose)
        #expect(loose.sink.judgements.last?.correct == true, "any voicing without --bass")
    }

    @Test("options: a level gives its progressions and those below; bad names and levels are refused")
    func options() throws {
        let level2 = try ProgressionExercise.options(from: ExerciseParams(["level": .number(2)]), over: ProgressionExercise())
        #expect(level2.progressions == Progression.upTo(level: 2) && level2.progressions.count == 8)
        let named = try ProgressionExercise.options(from: ExerciseParams(["progressions": .array([.string("ii-V-I"), .string("i-iv-V-i")])]),
                                                    over: ProgressionExercise())
        #expect(named.progressions == [.twoFiveOne, .minorCadence])
        #expect(throws: ExerciseParams.Refusal.self) { try ProgressionExercise.options(from: ExerciseParams(["level": .number(4)]), over: ProgressionExercise()) }
        #expect(throws: ExerciseParams.Refusal.self) {
            try ProgressionExercise.options(from: ExerciseParams(["progressions": .array([.string("I-II-III")])]), over: ProgressionExercise())
        }
        #expect(throws: TrainingError.self) { try ProgressionExercise(progressions: []).validate() }
    }

    @Test("spaced repetition: a progression holding a chord missed an hour ago (vi) opens most sessions; without that history about a quarter")
    func review() throws {
        let now = 10_000_000.0
        var schedule = ReviewSchedule()
        let kind = ProgressionExercise.kind
        for numeral in Progression.upTo(level: 1).flatMap(\.numerals) {
            let missed = numeral.name == "vi"
            schedule.record(ReviewAnswer(item: AnswerSubject.numeral(numeral).reviewKey(kind: kind), correct: !missed, time: now - 3600))
        }
        #expect(schedule.cards["progression/numeral:vi"]?.box == 1 && schedule.cards["progression/numeral:V"]?.box == 2)
        func firstWithVI(history: ReviewSchedule?) throws -> Int {
            var count = 0
            for seed in UInt64(1)...24 {
                let harness = Harness(seed: seed)
                if let history { harness.engine.review = { _ in (history, now) } }
                try harness.engine.start(Exercise(ProgressionExercise(progressions: Progression.upTo(level: 1))))
                let shown = try #require(harness.sink.prompts.last?.question.shown(as: ProgressionQuestion.self))
                if shown.progression == "I-vi-IV-V" { count += 1 }
            }
            return count
        }
        let withHistory = try firstWithVI(history: schedule), fresh = try firstWithVI(history: nil)
        #expect(withHistory >= 14, "I-vi-IV-V first in \(withHistory) of 24 sessions after vi was missed")
        #expect(fresh <= 10, "I-vi-IV-V first in \(fresh) of 24 sessions without history")
    }
}
