import ControlProtocol
import Testing
import Training

@testable import Daemon

/// `session.start`'s interval params as the exercise they make: which intervals, which way.
@Suite("Interval session params")
struct ExerciseRequestTests {
    private static let seed = IntervalExercise.intervalsWithinOctave.map(\.description)
    private static let added = ["P8", "m9", "M9", "P11", "A11", "m13", "M13"]

    /// (intervals given, extended, the set asked)
    static let cases: [([String]?, Bool?, [String])] = [
        (nil, nil, seed),
        (nil, true, seed + added),
        (["m3", "P5"], nil, ["m3", "P5"]),
        (["m3", "P5"], false, ["m3", "P5"]),
        (["m3", "P5"], true, ["m3", "P5"] + added),
        (["m9", "m3"], true, ["m9", "m3", "P8", "M9", "P11", "A11", "m13", "M13"]),
    ]

    @Test("extended adds P8 m9 M9 P11 A11 m13 M13 to the given or default set, once each", arguments: cases)
    func extended(_ given: [String]?, _ extended: Bool?, _ expected: [String]) throws {
        var params = SessionStartParams(kind: .interval)
        params.set("intervals", given.map { .array($0.map(JSONValue.string)) })
        params.set("extended", extended.map(JSONValue.bool))
        guard let exercise = try ExerciseRequest.exercise(from: params, defaults: ExerciseDefaults()).options(as: IntervalExercise.self) else {
            Issue.record("not an interval exercise")
            return
        }
        #expect(exercise.intervals.map(\.description) == expected)
    }

    @Test("direction: ascending by default, descending when asked")
    func direction() throws {
        var params = SessionStartParams(kind: .interval)
        guard let up = try ExerciseRequest.exercise(from: params, defaults: ExerciseDefaults()).options(as: IntervalExercise.self) else {
            Issue.record("not an interval exercise")
            return
        }
        #expect(up.direction == .ascending)
        params.set("direction", .string("descending"))
        guard let down = try ExerciseRequest.exercise(from: params, defaults: ExerciseDefaults()).options(as: IntervalExercise.self) else {
            Issue.record("not an interval exercise")
            return
        }
        #expect(down.direction == .descending)
    }
}
