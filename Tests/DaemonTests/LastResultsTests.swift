import MusicTheory
import Testing
import Training

@testable import Daemon

/// `session.results` answers with the last finished session's results: they stay while the next
/// session runs, whichever way it was started, and change only when that one ends.
@Suite("The last session's results")
struct LastResultsTests {
    private static let dorian = Exercise.scale(ScaleExercise(mode: .dorian, root: RootNote(pitchClass: PitchClass(2))))

    @Test("kept while the next session runs (started after a stop, or replacing a running one, seeded or not)",
          arguments: [nil, 7] as [UInt64?])
    func keptUntilTheNextEnds(_ seed: UInt64?) async throws {
        let core = DaemonCore(sound: RecordingSoundOutput(), seed: 1)
        #expect(await core.lastResults == nil)
        try await core.start(Self.dorian)
        await core.play([MIDINote(50), MIDINote(51)])
        let first = try #require(await core.stop())
        #expect(await core.lastResults == first)

        try await core.start(Self.dorian, seed: seed)
        #expect(await core.lastResults == first, "a new session hid the last one's results")
        await core.play([MIDINote(50)])

        // Starting over while it runs ends it: its results become the last ones.
        try await core.start(Self.dorian, seed: seed)
        let second = try #require(await core.lastResults)
        #expect(second != first)
        #expect(second.correct == 1)
        #expect(second.errors == 0)
    }
}
