import Foundation
import GRDB
import Statistics
import Testing

@Suite("A corrupt or unwritable database leaves training going and the file untouched")
struct CorruptionTests {
    @Test("garbage in the file: unavailable, and not a byte changed")
    func garbage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/eartrainer.sqlite"
        var generator = SystemRandomNumberGenerator()
        let garbage = Data((0..<10_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try garbage.write(to: URL(fileURLWithPath: path))

        let store = SQLiteStatisticsStore.open(path: path, logger: quietLogger)
        guard case .unavailable(let reason) = store.status else {
            Issue.record("a garbage file was opened")
            return
        }
        #expect(reason.contains("not an SQLite database"))
        #expect(throws: StatisticsError.self) {
            try store.recordAnswer(ScriptedHistory.answerRecords[0])
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["eartrainer.sqlite"])
    }

    @Test("a real database with damaged pages: unavailable, and not a byte changed")
    func damagedPages() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/eartrainer.sqlite"
        do {
            let store = try SQLiteStatisticsStore(path: path, logger: quietLogger)
            try ScriptedHistory.record(into: store)
            let answer = ScriptedHistory.answerRecords[0]
            for _ in 0..<400 { try store.recordAnswer(answer) }
        }
        // The store is closed: its WAL has been checkpointed into the file and removed.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.count >= 4 * 4096)
        for offset in 4096..<(3 * 4096) { bytes[offset] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: path))

        let store = SQLiteStatisticsStore.open(path: path, logger: quietLogger)
        guard case .unavailable(let reason) = store.status else {
            Issue.record("a damaged database was opened for writing")
            return
        }
        #expect(reason.contains("corrupt"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test("a directory that cannot be made: failing, with the reason; the first write once it can be opens it")
    func unwritable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, blocker) = try Self.storeUnderFile(in: directory)
        guard case .failing(_, let reason) = store.status else {
            Issue.record("not failing under a regular file: \(store.status)")
            return
        }
        #expect(reason.contains("cannot create the directory \(blocker)"))
        #expect(throws: StatisticsError.database(reason)) { try store.lifetimeFigures(profile: "default") }
        #expect(throws: StatisticsError.database(reason)) { try ScriptedHistory.record(into: store) }

        try FileManager.default.removeItem(atPath: blocker)
        try ScriptedHistory.record(into: store)
        #expect(store.status == .available(location: blocker + "/eartrainer.sqlite"))
        #expect(try store.answers(profile: nil).count == ScriptedHistory.answerRecords.count)
    }

    @Test("a file found corrupt when the database is opened late: unavailable, and not a byte changed")
    func corruptWhenOpenedLate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, state) = try Self.storeUnderFile(in: directory)
        try FileManager.default.removeItem(atPath: state)
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: false)
        let garbage = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        try garbage.write(to: URL(fileURLWithPath: state + "/eartrainer.sqlite"))

        #expect(throws: StatisticsError.self) { try store.recordAnswer(ScriptedHistory.answerRecords[0]) }
        guard case .unavailable(let reason) = store.status else {
            Issue.record("not unavailable: \(store.status)")
            return
        }
        #expect(reason.contains("not an SQLite database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: state + "/eartrainer.sqlite")) == garbage)
        #expect(try FileManager.default.contentsOfDirectory(atPath: state) == ["eartrainer.sqlite"])
    }

    /// A store opened in `directory/state`, a regular file where the directory should be (its
    /// directory cannot be made); and that path.
    private static func storeUnderFile(in directory: TemporaryDirectory) throws -> (any StatisticsStore, String) {
        let state = directory.path + "/state"
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: state))
        return (SQLiteStatisticsStore.open(path: state + "/eartrainer.sqlite", logger: quietLogger), state)
    }

    @Test("no state directory at all: unavailable")
    func noPath() {
        let store = SQLiteStatisticsStore.open(path: nil, logger: quietLogger)
        #expect(store.status != .available(location: ""))
        if case .available = store.status { Issue.record("available without a path") }
    }

    @Test("an empty file becomes a new database")
    func emptyFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/eartrainer.sqlite"
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let store = SQLiteStatisticsStore.open(path: path, logger: quietLogger)
        #expect(store.status == .available(location: path))
        try ScriptedHistory.record(into: store)
        #expect(try store.answers(profile: nil).count == 17)
    }
}


@Suite("Corruption found while running")
struct RunningCorruptionTests {
    @Test("a database damaged under a running store: it stops writing and reports itself unavailable")
    func damagedWhileOpen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/eartrainer.sqlite"
        do {
            let store = try SQLiteStatisticsStore(path: path, logger: quietLogger)
            try ScriptedHistory.record(into: store)
            for _ in 0..<400 { try store.recordAnswer(ScriptedHistory.answerRecords[0]) }
        }
        let store = try SQLiteStatisticsStore(path: path, logger: quietLogger)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for offset in 4096..<bytes.count { bytes[offset] = 0xA5 }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: bytes)
        try handle.close()

        #expect(throws: StatisticsError.self) { try store.answers(profile: nil) }
        guard case .unavailable(let reason) = store.status else {
            Issue.record("still available after reading a corrupt page")
            return
        }
        #expect(reason.contains("corrupt"))
        #expect(throws: StatisticsError.unavailable(reason: reason)) {
            try store.recordAnswer(ScriptedHistory.answerRecords[0])
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }
}
