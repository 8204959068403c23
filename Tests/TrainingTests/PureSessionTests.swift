import MusicTheory
import Testing
@testable import Training

/// Which one is pure: an interval or a chord twice, pure and tempered in a random order; the
/// root's key or below answers the first, a key above it the second. Levels shrink the difference.
@Suite struct PureSessionTests {
    static func start(_ exercise: PureExercise, seed: UInt64 = 1) throws -> Harness {
        let harness = Harness(seed: seed)
        try harness.engine.start(Exercise(exercise))
        return harness
    }

    static func open(_ harness: Harness) throws -> OpenPureQuestion {
        try #require(harness.engine.session?.open as? OpenPureQuestion)
    }

    @Test("levels: thirds, sixths and triads 14-16 c; seconds and sevenths 4 c; fifths and fourths 2 c")
    func levels() {
        let differences = (1...3).map { level in PureExercise.items(level: level).map { $0.difference(against: .equalTemperament) } }
        #expect(differences[0].allSatisfy { (13.6...15.7).contains($0) }, "\(differences[0])")
        #expect(differences[1].allSatisfy { (3.8...4.0).contains($0) }, "\(differences[1])")
        #expect(differences[2].allSatisfy { (1.9...2.0).contains($0) }, "\(differences[2])")
        #expect(PureExercise.items(level: 1).map(\.subject.label) == ["m3", "M3", "m6", "M6", "major", "minor"])
        #expect(PureExercise(against: .pythagorean).items.allSatisfy { (21.4...22.0).contains($0.difference(against: .pythagorean)) })
        #expect(throws: TrainingError.self) { try PureExercise(level: 3, against: .pythagorean).validate() }
        #expect(throws: ExerciseParams.Refusal.self) { try PureExercise.options(from: ExerciseParams(["level": .number(2), "against": .string("pyth")]), over: .defaults) }
        #expect(throws: ExerciseParams.Refusal("level must be 1-3, got 7")) { try PureExercise.options(from: ExerciseParams(["level": .number(7)]), over: .defaults) }
    }

    @Test("two versions together, the same keys; the root's key or below says the first, above it the second")
    func judging() throws {
        let harness = try Self.start(PureExercise(level: 1))
        for question in 0..<30 {
            let open = try Self.open(harness)
            let prompt = try #require(harness.sink.prompts.last)
            #expect(prompt.sounds.count == 2 && prompt.sounds.allSatisfy(\.together) && prompt.sounds[0].notes == prompt.sounds[1].notes)
            #expect(prompt.sounds.map(\.tuning) == (open.pureFirst ? [.justIntonation, .equalTemperament] : [.equalTemperament, .justIntonation]))
            #expect(prompt.sounds[0].notes.first == open.shown.rootNote && prompt.staff.notes.map(\.role) == [.root])
            #expect(prompt.sounds.notes.allSatisfy(harness.settings.current.noteRange.contains))
            let root = open.shown.rootNote.rawValue
            // The root or a key below it (within the range: the keys below it are controls), or one above.
            let key = [root, max(root - 5, harness.settings.current.noteRange.lowerBound.rawValue), root + 1, root + 2][question % 4]
            harness.play(key)
            let judgement = try #require(harness.sink.judgements.last)
            #expect(judgement.correct == ((key <= root) == open.pureFirst))
            #expect(judgement.outcome == (open.pureFirst ? "the first was pure" : "the second was pure"))
            #expect(judgement.cents == open.difference && judgement.subject == open.shown.item.subject)
            #expect(judgement.sounds.map(\.notes) == prompt.sounds.map(\.notes) && judgement.sounds.map(\.tuning) == prompt.sounds.map(\.tuning),
                    "both versions again after the answer, heard knowing which was pure")
            // What the drawing of the answer needs: which was pure, and what the key said.
            #expect(judgement.details["pure"] == .string(open.pureFirst ? "first" : "second"))
            #expect(judgement.details["answered"] == .string(key <= root ? "first" : "second"))
        }
        #expect(harness.sink.prompts.count == 31)
    }

    @Test("the order is random, about half pure first; nothing open says which")
    func order() throws {
        let harness = try Self.start(PureExercise(level: 3), seed: 5)
        var pureFirst = 0
        for _ in 0..<200 {
            let open = try Self.open(harness)
            if open.pureFirst { pureFirst += 1 }
            let shown = open.shown
            #expect(Set(shown.detailFields.keys) == ["root", "item", "name", "against"])
            for text in [shown.ask, shown.text, shown.spoken] { #expect(!text.contains("first was") && !text.contains("second was")) }
            harness.play(shown.rootNote.rawValue)
        }
        #expect((70...130).contains(pureFirst), "\(pureFirst) of 200")
        harness.engine.perform(.stop)
        let results = try #require(harness.sink.results.last)
        #expect(Set(results.breakdown.map(\.subject.label)) == ["P4", "P5"] && results.thresholds.isEmpty)
    }
}
