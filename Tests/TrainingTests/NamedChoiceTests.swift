import Foundation
import MusicTheory
import Testing
import Training

/// The five shared names: exercise kind, sound source, tuning, matching, direction. Each takes its
/// names (in any case), refuses anything else with the list, and decodes the same way.
@Suite("Shared names refuse what they do not know, with the list")
struct NamedChoiceTests {
    /// One choice type, seen through what every `NamedChoice` offers.
    struct Choice: Sendable, CustomTestStringConvertible {
        let name: String
        let names: [String]
        let choose: @Sendable (String) throws -> String
        let decode: @Sendable (Data) throws -> String
        let encode: @Sendable (String) throws -> String

        init<T: NamedChoice>(_ type: T.Type) {
            name = "\(T.self)"
            names = T.names
            choose = { try T(choosing: $0).rawValue }
            decode = { try JSONDecoder().decode([T].self, from: $0)[0].rawValue }
            encode = { String(decoding: try JSONEncoder().encode([T(choosing: $0)]), as: UTF8.self) }
        }

        var testDescription: String { name }
    }

    static let choices = [
        Choice(ExerciseKind.self), Choice(SoundSource.self), Choice(TuningSystem.self), Choice(AnswerMatching.self),
        Choice(IntervalDirection.self),
    ]

    @Test("the names on the wire, in the config file and on the command line stay what they were")
    func names() {
        #expect(ExerciseKind.names.starts(with: ["scale", "interval", "ear-interval", "chord", "degree", "dictation"]), "released kinds keep their names; new ones come after")
        #expect(SoundSource.names == ["cello", "sine"])
        #expect(TuningSystem.names == ["equal", "just", "pythagorean"])
        #expect(AnswerMatching.names == ["pitch-class", "exact-octave", "in-direction"])
        #expect(IntervalDirection.names == ["ascending", "descending"])
    }

    @Test("every name is taken, in any case, and encodes as itself", arguments: choices)
    func accepted(_ choice: Choice) throws {
        for name in choice.names {
            #expect(try choice.choose(name) == name)
            #expect(try choice.choose(name.uppercased()) == name)
            #expect(try choice.decode(Data("[\"\(name)\"]".utf8)) == name)
            #expect(try choice.encode(name) == "[\"\(name)\"]")
        }
    }

    @Test("an unknown name is refused with every name accepted, never mapped to a default", arguments: choices)
    func refused(_ choice: Choice) {
        let list = choice.names.map { "'\($0)'" }.joined(separator: ", ")
        #expect(throws: UnknownName("viola", accepted: choice.names)) { try choice.choose("viola") }
        #expect(throws: UnknownName("", accepted: choice.names)) { try choice.choose("") }
        #expect(UnknownName("viola", accepted: choice.names).description == "'viola' is not one of " + list)
        #expect {
            try choice.decode(Data(#"["viola"]"#.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription == "'viola' is not one of " + list
        }
    }

    @Test("the tuning system's other spellings are one with its names")
    func tuningSpellings() throws {
        #expect(try TuningSystem(choosing: "ET") == .equalTemperament)
        #expect(try TuningSystem(choosing: "ji") == .justIntonation)
        #expect(try JSONDecoder().decode([TuningSystem].self, from: Data(#"["pyth"]"#.utf8)) == [.pythagorean])
    }

    @Test("an exercise knows its kind")
    func exerciseKind() {
        #expect(Exercise.interval(IntervalExercise()).kind == .interval)
        #expect(Exercise.scale(ScaleExercise(mode: .dorian, root: RootNote(pitchClass: PitchClass(2)))).kind == .scale)
    }
}
