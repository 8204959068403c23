import MusicTheory
import Testing
@testable import Training

/// Dictation melodies as a teacher writes them, checked over 1,000 drawn with fixed seeds (from
/// what the prompts sound): mostly steps, leaps up to a sixth turned back by a step, no tritone
/// unless asked, a stable first and last note; a key kept for several melodies and set first.
@Suite struct MelodyRulesTests {
    /// The keyboard menu's modes.
    static let menuModes: [Mode] = [.ionian, .aeolian, .dorian, .mixolydian]
    static let seeds = UInt64(1)...10

    /// `perRun` melodies of each mode for each seed, the lengths 3–8 in turn.
    static func draw(_ modes: [Mode], perRun: Int, tritones: Bool = false) throws -> [(mode: Mode, question: DictationQuestion, context: [SoundPhrase], notes: [Int])] {
        var all: [(Mode, DictationQuestion, [SoundPhrase], [Int])] = []
        for seed in seeds {
            for (index, mode) in modes.enumerated() {
                let length = Array(DictationExercise.lengths)[(Int(seed) + index) % DictationExercise.lengths.count]
                let exercise = DictationExercise(length: length, mode: mode, tritones: tritones)
                all += try MaterialFigures.melodies(exercise, count: perRun, seed: seed).map { (mode, $0.question, $0.context, $0.notes) }
            }
        }
        return all
    }

    /// The rules every melody keeps, whatever its scale; the moves, for the figures.
    static func checkRules(_ melodies: [(mode: Mode, question: DictationQuestion, context: [SoundPhrase], notes: [Int])], tritones: Bool = false) -> [Int] {
        var moves: [Int] = []
        for (mode, question, _, notes) in melodies {
            let steps = zip(notes, notes.dropFirst()).map { $1 - $0 }
            moves += steps
            let scale = Set(mode.degrees.map { $0.semitones % 12 })
            let stable = MelodyRules.stableSemitones.intersection(scale)
            let degree = { (note: Int) in floorMod(note - question.tonic.rawValue, 12) }
            #expect(notes.allSatisfy { scale.contains(degree($0)) && (36...72).contains($0) }, "\(mode): \(notes)")
            #expect(steps.allSatisfy { (1...MelodyRules.largestLeap).contains(abs($0)) }, "no leap beyond a sixth: \(notes)")
            if !tritones { #expect(!steps.contains { abs($0) == MelodyRules.tritone }, "no tritone: \(mode) \(notes)") }
            for (leap, next) in zip(steps, steps.dropFirst()) where abs(leap) >= MelodyRules.smallestLeap {
                #expect(abs(next) <= 3 && (next > 0) != (leap > 0), "a leap turned back by a step: \(mode) \(notes)")
            }
            #expect(stable.contains(degree(notes[0])), "begins on the tonic chord: \(mode) \(notes)")
            #expect(notes.count < 4 ? stable.contains(degree(notes.last!)) : degree(notes.last!) == 0, "a stable ending: \(mode) \(notes)")
        }
        return moves
    }

    @Test("1,000 melodies in the menu's modes: mostly steps, leaps up to a sixth, no tritone, a stable ending")
    func menuModes() throws {
        let melodies = try Self.draw(Self.menuModes, perRun: 25)
        #expect(melodies.count == 1000)
        let moves = Self.checkRules(melodies).map(abs)
        let steps = moves.filter { $0 <= 2 }.count, leaps = moves.filter { $0 >= MelodyRules.smallestLeap }.count
        #expect(MaterialFigures.percent(steps, of: moves.count) >= 60, "mostly steps")
        #expect(MaterialFigures.percent(leaps, of: moves.count) <= 15, "leaps now and then")
        print(String(format: "melodies: %d, %d moves: steps %.1f%%, thirds %.1f%%, leaps of a fourth or more %.1f%%, tritones %d, largest %d semitones",
                     melodies.count, moves.count, MaterialFigures.percent(steps, of: moves.count),
                     MaterialFigures.percent(moves.filter { (3...4).contains($0) }.count, of: moves.count),
                     MaterialFigures.percent(leaps, of: moves.count), moves.filter { $0 == MelodyRules.tritone }.count, moves.max()!))
    }

    @Test("every scale but the chromatic keeps the same rules")
    func everyScale() throws {
        let modes = Mode.allCases.filter { $0 != .chromatic }
        _ = Self.checkRules(try Self.draw(modes, perRun: 8))
    }

    @Test("tritones come when asked, within the other rules")
    func tritonesAsked() throws {
        let melodies = try Self.draw([.lydian, .locrian, .mixolydian], perRun: 20, tritones: true)
        let moves = Self.checkRules(melodies, tritones: true)
        #expect(moves.contains { abs($0) == MelodyRules.tritone })
        #expect(try DictationExercise.options(from: ExerciseParams(["tritones": .bool(true)]), over: DictationExercise()).tritones)
    }

    @Test("a key is kept for four melodies and set first: a cadence in major and minor, the tonic otherwise")
    func keysKeptAndSet() throws {
        for mode in Self.menuModes {
            let melodies = try MaterialFigures.melodies(DictationExercise(mode: mode), count: 40, seed: 3)
            for (index, melody) in melodies.enumerated() {
                let first = index % DictationExercise.melodiesPerKey == 0
                #expect(melody.context.isEmpty == !first, "\(mode) melody \(index)")
                if !first {
                    #expect(melody.question.key == melodies[index - 1].question.key && melody.question.tonic == melodies[index - 1].question.tonic)
                } else if [.ionian, .aeolian].contains(mode) {
                    #expect(melody.context.count == 4 && melody.context.allSatisfy { $0.together && $0.notes.count == 4 }, "a cadence")
                    #expect(melody.context[0].notes.min()!.rawValue >= 36, "its bass within the note range")
                } else {
                    #expect(melody.context == [SoundPhrase([melody.question.tonic])], "the tonic")
                }
            }
            #expect(Set(melodies.map(\.question.key)).count > 1, "random keys change: \(mode)")
        }
    }

    @Test("random keys are spelled without double flats, in every scale from every pitch class")
    func noDoubleFlats() throws {
        for mode in Mode.allCases where mode != .chromatic {
            for pitchClass in PitchClass.allCases {
                let scale = Scale(mode: mode, pitchClass: pitchClass)
                #expect(!scale.notes.contains { $0.accidental.alteration <= -2 }, "\(scale)")
            }
        }
        let keys = try Self.draw([.aeolian, .phrygian, .locrian], perRun: 12).map(\.question.key)
        for key in Set(keys) {
            let parts = key.split(separator: " ").map(String.init)
            let scale = try Scale(mode: try Mode(parsing: parts[1]), root: try NoteName(parsing: parts[0]))
            #expect(!scale.notes.contains { $0.accidental.alteration <= -2 }, "\(scale)")
        }
    }

    @Test("the first note's time starts after the cadence")
    func timedAfterTheCadence() throws {
        let harness = Harness(seed: 2)
        try harness.engine.start(Exercise(DictationExercise(root: try RootNote(parsing: "C"))))
        let first = try #require(harness.sink.prompts.last?.sounds.dropLast().last?.notes.first).rawValue
        // Four cadence chords of 1 s, each followed by the 0.25 s gap.
        harness.play(first, after: .seconds(6))
        #expect(harness.sink.judgements.last?.responseTime == .seconds(1))
    }
}
