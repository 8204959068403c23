import ClassHub
import ClassProtocol
import ClassSync
import Foundation
import Logging
import ProcessTestSupport
import Statistics
import Synchronization
import Testing
import Training

/// A clock the test moves: the hub's now, or a box's.
final class TestClock: Sendable {
    private let time: Mutex<Double>
    init(_ start: Double) { time = Mutex(start) }
    var read: @Sendable () -> Double { { [self] in time.withLock { $0 } } }
    func advance(_ seconds: Double) { time.withLock { $0 += seconds } }
}

/// The box's transport straight to a hub's store, as the HTTP routes would call it: the sync's
/// logic without a network. `hub` can be swapped (a hub restored from a backup) or made to fail
/// (a network cut).
final class StoreTransport: HubTransport {
    let hub: Mutex<HubStore>
    let box: String
    let token: String
    let reachable = Mutex(true)
    let pushes = Mutex(0)

    init(hub: HubStore, reply: JoinReply) {
        self.hub = Mutex(hub)
        box = reply.box
        token = reply.token
    }

    private func current() throws -> (HubStore, HubStore.Box) {
        guard reachable.withLock({ $0 }) else { throw HubError(status: 0, message: "the network is cut") }
        let store = hub.withLock { $0 }
        guard let box = try store.box(token: token) else { throw HubError(status: 401, code: "bad_token", message: "no such token") }
        return (store, box)
    }

    func state() async throws -> BoxState {
        let (store, box) = try current()
        return try store.state(of: box)
    }

    func push(_ push: AnswerPush) async throws -> PushReceipt {
        let (store, box) = try current()
        pushes.withLock { $0 += 1 }
        do { return try store.push(push, from: box) } catch let refusal as HubRefusal {
            throw HubError(status: 409, code: refusal.error, message: refusal.message)
        }
    }
}

/// A box's statistics: a real SQLite file with a session of `count` interval answers for `profile`.
enum BoxHistory {
    static let logger = Logger(label: "class-test")

    static func store() throws -> SQLiteStatisticsStore {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("box-\(UUID().uuidString.prefix(8)).sqlite").path
        return try SQLiteStatisticsStore(path: path, logger: logger)
    }

    /// Records `count` answers (every third wrong) at `start`, one a second; returns them.
    @discardableResult
    static func practise(_ count: Int, into store: SQLiteStatisticsStore, profile: String = "default", start: Double) throws -> [AnswerRecord] {
        let session = UUID()
        var answers: [AnswerRecord] = []
        for index in 0..<count {
            let wrong = index % 3 == 0
            let time = Date(timeIntervalSince1970: start + Double(index))
            answers.append(AnswerRecord(time: time, session: session, profile: profile, exercise: .interval, root: "C", interval: "M3",
                                        expected: "E4", expectedMIDI: 64, playedMIDI: wrong ? 65 : 64, correct: !wrong,
                                        responseSeconds: 1.5, item: AnswerItem(category: "interval", label: "M3")))
        }
        let started = SessionStartRecord(id: session, profile: profile, startedAt: Date(timeIntervalSince1970: start),
                                         exercise: .interval, mode: nil, root: "C")
        var records: [StatisticsRecord] = [.sessionStart(started)]
        for answer in answers { records.append(.answer(answer)) }
        try store.record(records)
        return answers
    }

    static func membership(_ reply: JoinReply, profile: String = "default") -> ClassMembership {
        ClassMembership(hub: "http://127.0.0.1:1", fingerprint: "", box: reply.box, student: reply.student, profile: profile,
                        token: reply.token, key: "", joinedAt: 0)
    }
}

/// A hub's backup, as an admin would take it, and the hub restored from it: SQLite's online
/// backup of the file, or PostgreSQL's `pg_dump` (custom format) restored with `pg_restore` into
/// a new database.
enum HubStoreBackup {
    struct Backup {
        let path: String
        let kind: HubStoreKind
    }

    static func copy(_ hub: HubStore) async throws -> Backup {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-backup-\(UUID().uuidString.prefix(8))").path
        if let database = hub.database as? SQLiteDatabase {
            try database.backup(to: folder + ".sqlite")
            return Backup(path: folder + ".sqlite", kind: .sqlite)
        }
        let database = try #require(hub.database as? PostgresDatabase)
        try await run("pg_dump", "--format=custom", "--file=\(folder).dump", "--dbname=\(database.url)")
        return Backup(path: folder + ".dump", kind: .postgresql)
    }

    static func restore(_ backup: Backup, clock: @escaping @Sendable () -> Double) async throws -> HubStore {
        switch backup.kind {
        case .sqlite:
            return try HubStore(try SQLiteDatabase(path: backup.path), now: clock)
        case .postgresql:
            let url = try HubStoreKind.freshDatabase()
            try await run("pg_restore", "--no-owner", "--exit-on-error", "--dbname=\(url)", backup.path)
            return try HubStore(try PostgresDatabase(url: url), now: clock)
        }
    }

    /// Runs one of PostgreSQL's programs, the newest installed, and fails the test with what it
    /// said when it fails.
    private static func run(_ program: String, _ arguments: String...) async throws {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let newest = try #require(versions.compactMap(Int.init).max(), "no /usr/lib/postgresql/*: install Debian's postgresql")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/lib/postgresql/\(newest)/bin/\(program)")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        async let said = errors.fileHandleForReading.readAll()
        let status = await process.exited()
        let text = String(decoding: await said, as: UTF8.self)
        try #require(status == 0, "\(program) exited \(status): \(text)")
    }
}
