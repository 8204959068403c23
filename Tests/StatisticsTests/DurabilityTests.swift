#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ProcessTestSupport
import Statistics
import Testing

@Suite("Durability")
struct DurabilityTests {
    @Test("SIGKILL while writing loses nothing that was committed")
    func sigkill() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/eartrainer.sqlite"
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: productsDirectory + "/StatisticsCrashWriter")
        writer.arguments = [path]
        let output = Pipe.forChild()
        writer.standardOutput = output
        try writer.runAlone()

        // Read committed numbers until well past the start, then kill mid-stream. Each read waits
        // on a thread of its own, not one of the pool the suites share.
        var text = ""
        while text.split(separator: "\n").count < 300 {
            let chunk = await withCheckedContinuation { done in
                Thread.detachNewThread { done.resume(returning: output.fileHandleForReading.availableData) }
            }
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        kill(writer.processIdentifier, SIGKILL)
        await writer.exited()
        text += String(decoding: await output.fileHandleForReading.readAll(), as: UTF8.self)
        #expect(writer.terminationReason == .uncaughtSignal && writer.terminationStatus == SIGKILL)

        // Only whole lines are acknowledged commits.
        let acknowledged = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { Int($0) }
        let last = try #require(acknowledged.last)
        #expect(acknowledged == Array(0...last))
        #expect(last >= 299)

        let store = try SQLiteStatisticsStore(path: path, logger: quietLogger)
        let stored = try store.answers(profile: "crash").map(\.attempt)
        // Every acknowledged answer is there; at most the one being written when killed is extra.
        #expect(Array(stored.prefix(last + 1)) == Array(0...last))
        #expect(stored.count == last + 1 || stored.count == last + 2)
        #expect(stored == Array(0..<stored.count))
    }

    @Test("closing and reopening keeps everything")
    func reopen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/eartrainer.sqlite"
        do {
            let store = try SQLiteStatisticsStore(path: path, logger: quietLogger)
            try ScriptedHistory.record(into: store)
        }
        let again = try SQLiteStatisticsStore(path: path, clock: ManualWallClock(scriptNow), timeZone: utc, logger: quietLogger)
        #expect(try again.answers(profile: nil) == ScriptedHistory.answerRecords)
        #expect(try again.lifetimeFigures(profile: "default").overall.answers == 15)
    }

    @Test("a batch is one transaction: all or none; a failed write shows as failing until one succeeds")
    func batches() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/e.sqlite"
        let store = try SQLiteStatisticsStore(path: path, logger: quietLogger)
        let session = SessionStartRecord(id: UUID(), profile: "default", startedAt: scriptNow, exercise: .interval)
        func answer(_ played: Int) -> AnswerRecord {
            AnswerRecord(
                time: scriptNow + 1, session: session.id, profile: "default", exercise: .interval, root: "C", interval: "P5",
                expected: "G3", expectedMIDI: 55, playedMIDI: played, correct: played == 55, attempt: 1, responseSeconds: 1)
        }
        try store.record([.sessionStart(session), .answer(answer(55)), .answer(answer(56))])
        #expect(try store.answers(profile: nil).map(\.playedMIDI) == [55, 56])

        // The same session again breaks its primary key: the answer before it is not kept either.
        #expect(throws: StatisticsError.self) { try store.record([.answer(answer(57)), .sessionStart(session)]) }
        #expect(try store.answers(profile: nil).map(\.playedMIDI) == [55, 56])
        guard case .failing(let location, let reason) = store.status else {
            Issue.record("status after a failed write: \(store.status)")
            return
        }
        #expect(location == path && reason.contains("cannot write \(path)"))

        try store.record([.answer(answer(58))])
        #expect(store.status == .available(location: path))
        #expect(try store.answers(profile: nil).map(\.playedMIDI) == [55, 56, 58])
    }

    @Test("the database is in WAL mode with synchronous FULL")
    func walMode() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStatisticsStore(path: directory.path + "/e.sqlite", logger: quietLogger)
        try store.recordSessionStart(SessionStartRecord(id: UUID(), profile: "default", startedAt: scriptNow, exercise: .scale))
        #expect(FileManager.default.fileExists(atPath: directory.path + "/e.sqlite-wal"))
        let mode = try store.pragma("journal_mode")
        let sync = try store.pragma("synchronous")
        #expect(mode == "wal")
        #expect(sync == "2")
    }
}
