import Foundation
import GRDB
import MusicTheory
import Statistics
import Testing
import Training

/// The database keeps the shared enums by their names, reads them back as the enums, and refuses
/// a name it does not know with the list instead of guessing.
@Suite("Records hold the exercise kind and the direction by name")
struct SharedNamesRecordTests {
    @Test("a session's kind and direction come back as stored", arguments: IntervalDirection.allCases)
    func roundTrip(direction: IntervalDirection) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStatisticsStore(path: directory.path + "/eartrainer.sqlite", logger: quietLogger)
        let start = SessionStartRecord(
            id: UUID(), profile: "default", startedAt: Date(timeIntervalSince1970: 1_700_000_000), exercise: .interval,
            root: "D", intervals: ["m3"], direction: direction)
        try store.recordSessionStart(start)
        #expect(try store.sessions(profile: "default").map(\.start) == [start])
    }

    @Test("an unknown exercise name in the file is refused with the names accepted")
    func unknownKind() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/eartrainer.sqlite"
        let store = try SQLiteStatisticsStore(path: path, logger: quietLogger)
        try store.recordSessionStart(SessionStartRecord(
            id: UUID(), profile: "default", startedAt: Date(timeIntervalSince1970: 1_700_000_000), exercise: .scale))
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "UPDATE session SET exercise = 'chords'") }
        #expect {
            _ = try store.sessions(profile: "default")
        } throws: { error in
            "\(error)".contains("'chords' is not one of \(ExerciseKind.names.map { "'\($0)'" }.joined(separator: ", "))")
        }
    }
}
