import Foundation
import MusicTheory
import Testing
@testable import Training

@Suite struct TrainingErrorTests {
    @Test("an unspellable scale does not start, and nothing is emitted")
    func unspellable() {
        let harness = Harness()
        #expect(throws: TrainingError.self) {
            try harness.engine.start(.scale(ScaleExercise(mode: .locrian, root: root("Fbb"))))
        }
        #expect(harness.sink.events.isEmpty)
        #expect(!harness.engine.isRunning)
    }

    @Test("an interval exercise decoded from outside with no intervals or no tries is refused")
    func decodedExercise() throws {
        let good = Exercise.interval(IntervalExercise())
        let json = String(decoding: try JSONEncoder().encode(good), as: UTF8.self)
        let harness = Harness()

        let empty = json.replacingOccurrences(of: #"\[[^\]]*"A4"[^\]]*\]"#, with: "[]", options: .regularExpression)
        let noIntervals = try JSONDecoder().decode(Exercise.self, from: Data(empty.utf8))
        #expect(throws: TrainingError.noIntervals) { try harness.engine.start(noIntervals) }

        let zero = json.replacingOccurrences(of: #""triesBeforeReveal":3"#, with: #""triesBeforeReveal":0"#)
        let noTries = try JSONDecoder().decode(Exercise.self, from: Data(zero.utf8))
        #expect(throws: TrainingError.triesBeforeRevealBelowOne(0)) { try harness.engine.start(noTries) }
        #expect(harness.sink.events.isEmpty)
    }
}
