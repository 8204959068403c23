import Foundation
import MusicTheory
import Testing
import Training

/// What every kind gets from the catalog: its name, its params read by its module, its command
/// line, and its exercises and questions carried through JSON under its name.
@Suite("The exercise catalog and what a module reads")
struct ExerciseCatalogTests {
    @Test("the catalog lists scale then interval, and each kind's module declares that name")
    func catalog() {
        #expect(ExerciseCatalog.all.map { $0.kind.rawValue } == ["scale", "interval", "ear-interval", "chord", "degree", "dictation", "rhythm", "progression", "compare", "pure", "match", "sight-sing"])
        #expect(ExerciseCatalog.module(named: "interval") == IntervalExercise.self)
        #expect(ExerciseCatalog.module(named: "chord") == ChordExercise.self)
        #expect(ExerciseCatalog.module(named: "melody") == nil)
    }

    @Test("params: read over the base, each wrong type or unknown name refused with what is accepted")
    func params() throws {
        let base = IntervalExercise()
        let read = try IntervalExercise.options(
            from: ExerciseParams([
                "root": .string("C4"), "intervals": .array([.string("m3")]), "direction": .string("Descending"), "tries": .number(2),
            ]),
            over: base)
        #expect(try read.root == RootNote(parsing: "C4") && read.intervals == [SpelledInterval(parsing: "m3")])
        #expect(read.direction == .descending && read.triesBeforeReveal == 2 && read.adaptive == base.adaptive)
        let refusals: [([String: JSONValue], String)] = [
            (["direction": .string("sideways")], "direction: 'sideways' is not one of 'ascending', 'descending'"),
            (["tries": .number(1.5)], "wrong type at 'tries'"),
            (["intervals": .array([])], "intervals must name at least one interval"),
            (["strict": .string("yes")], "wrong type at 'strict'"),
        ]
        for (values, message) in refusals {
            #expect(throws: ExerciseParams.Refusal(message)) { try IntervalExercise.options(from: ExerciseParams(values), over: base) }
        }
    }

    @Test("the command line: options by name or with =, flags, lists, words; unknown options refused")
    func commandLine() throws {
        let interval = try IntervalExercise.commandLine.params(from: ["--root=C3", "--intervals", "m3, P5", "--descending", "--tries", "2"])
        #expect(interval.values == [
            "root": .string("C3"), "intervals": .array([.string("m3"), .string("P5")]),
            "direction": .string("descending"), "tries": .number(2),
        ])
        let scale = try ScaleExercise.commandLine.params(from: ["Eb3", "lydian", "--random-mode"])
        #expect(scale.values == ["root": .string("Eb3"), "mode": .string("lydian"), "random_mode": .bool(true)])
        #expect(throws: ExerciseParams.Refusal("two roots: 'D' and 'E'")) { try ScaleExercise.commandLine.params(from: ["D", "E"]) }
        #expect(throws: ExerciseParams.Refusal("unexpected argument 'D'")) { try IntervalExercise.commandLine.params(from: ["D"]) }
        #expect(throws: ExerciseParams.Refusal("--tries takes a whole number, not 'two'")) {
            try IntervalExercise.commandLine.params(from: ["--tries", "two"])
        }
    }

    @Test("an exercise and a prompt's question go through JSON under their kind's name")
    func codable() throws {
        let exercise = Exercise.scale(ScaleExercise(mode: .dorian, root: try RootNote(parsing: "D")))
        let data = try JSONEncoder().encode(exercise)
        #expect(String(decoding: data, as: UTF8.self).hasPrefix(#"{"scale":{"_0":{"#))
        #expect(try JSONDecoder().decode(Exercise.self, from: data) == exercise)
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Exercise.self, from: Data(#"{"chord":{"_0":{}}}"#.utf8)) }
    }
}
