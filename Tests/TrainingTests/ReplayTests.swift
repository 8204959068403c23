import Foundation
import MusicTheory
import Testing
@testable import Training

@Suite struct ReplayTests {
    /// A session with wrong notes, a reveal, a repeat, a skip and a stop.
    static func play(seed: UInt64) throws -> [TrainingEvent] {
        let harness = Harness(seed: seed)
        try harness.engine.start(.interval(IntervalExercise(intervals: IntervalExercise.extendedIntervals)))
        for step in 0..<40 {
            let question = harness.intervalQuestion
            switch step % 5 {
            case 0: harness.play(question.answer.midiNote.rawValue)
            case 1: harness.play(question.rootNote.rawValue)
            case 2: harness.play(35)  // repeat (B1)
            case 3: harness.play(33)  // skip
            default: harness.play(question.answer.midiNote.rawValue + 12)
            }
        }
        harness.play(31)
        return harness.sink.events
    }

    @Test("a session replays exactly from the random state its start event carries")
    func replay() throws {
        let events = try Self.play(seed: 99)
        guard case .sessionStarted(let started) = events.first?.kind else {
            Issue.record("the first event is not the start")
            return
        }
        #expect(try Self.play(seed: started.randomState) == events)
        guard case .sessionEnded(let results) = events.last?.kind else {
            Issue.record("the last event is not the end")
            return
        }
        #expect(results.skipped == 8)
        #expect(results.correct >= 8)
    }

    @Test("events survive JSON: the socket and the statistics store can carry them")
    func codable() throws {
        let events = try Self.play(seed: 3)
        let data = try JSONEncoder().encode(events)
        #expect(try JSONDecoder().decode([TrainingEvent].self, from: data) == events)
    }

    @Test("an AsyncStream continuation is a sink")
    func stream() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: TrainingEvent.self)
        let engine = TrainingEngine(clock: FakeClock(), random: SeededRandom(seed: 1), sink: continuation)
        try engine.start(.scale(ScaleExercise(mode: .dorian, root: root("D"))))
        engine.perform(.stop)
        continuation.finish()
        var kinds: [String] = []
        for await event in stream {
            switch event.kind {
            case .sessionStarted: kinds.append("started")
            case .prompt: kinds.append("prompt")
            case .sessionEnded: kinds.append("ended")
            default: kinds.append("other")
            }
        }
        #expect(kinds == ["started", "prompt", "ended"])
    }
}
