import DaemonTestSupport
import Foundation
import Glibc
import GRDB
import ProcessTestSupport
import Statistics
import Training

/// The real `eartrainer-hub serve`, a child process on a port of its own over TLS, its store in a
/// folder of its own (SQLite) or in a database made for it on the test's PostgreSQL server.
final class HubProcess {
    let process = Process()
    let state: String
    let store: String?
    let port: Int
    private let errors = TextBuffer()
    private let pipe = Pipe.forChild()

    init(state: String, store: String?, port: Int) throws {
        self.state = state
        self.store = store
        self.port = port
        process.executableURL = BuiltProduct.url("eartrainer-hub")
        process.arguments = ["serve", "--state", state, "--listen", "127.0.0.1:\(port)"] + Self.storeArguments(store)
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [errors] handle in errors.append(handle.availableData) }
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        pipe.fileHandleForReading.readabilityHandler = nil
        try? pipe.fileHandleForReading.close()
    }

    var output: String { errors.text }

    static func storeArguments(_ store: String?) -> [String] { store.map { ["--store", $0] } ?? [] }

    /// Waits until it answers on its port.
    func ready() async -> Bool {
        await Polling.wait(seconds: 60, every: .milliseconds(50)) { [port] in LoopbackPort.listens(port) }
    }

    func stop(signal: Int32) async {
        kill(process.processIdentifier, signal)
        await process.exited()
    }

    /// A one-time code from `eartrainer-hub enroll-code` on the same store.
    static func enrollCode(state: String, store: String?, student: String) async throws -> String {
        let output = try await Command.run(BuiltProduct.url("eartrainer-hub"),
                                           ["enroll-code", "--state", state, "--student", student] + storeArguments(store))
        guard output.status == 0, let code = output.text.split(separator: "\n").last else { throw HubTestFailure("enroll-code: \(output)") }
        return String(code)
    }

    /// Every answer id the hub holds, from `eartrainer-hub export` (its `answer` column), and
    /// how many rows the export had.
    static func answerIDs(state: String, store: String?) async throws -> (ids: Set<String>, rows: Int) {
        let output = try await Command.run(BuiltProduct.url("eartrainer-hub"), ["export", "--state", state] + storeArguments(store))
        guard output.status == 0 else { throw HubTestFailure("export: \(output)") }
        let lines = output.text.split(separator: "\r\n").dropFirst()
        let ids = lines.map { $0.split(separator: ",", omittingEmptySubsequences: false)[6] }.map(String.init)
        return (Set(ids), ids.count)
    }

    /// A database of its own on the test's PostgreSQL server (`ET_HUB_POSTGRES`), made with psql.
    static func postgresStore() async throws -> String {
        guard let server = ProcessInfo.processInfo.environment["ET_HUB_POSTGRES"] else {
            throw HubTestFailure("ET_HUB_POSTGRES is not set: run scripts/postgres-for-tests.sh (make test does)")
        }
        let name = "hubfault_" + UUID().uuidString.prefix(8).lowercased()
        let made = try await Command.run(URL(fileURLWithPath: "/usr/bin/psql"), [server + "/postgres", "-qc", "CREATE DATABASE \(name)"])
        guard made.status == 0 else { throw HubTestFailure("psql: \(made)") }
        return server + "/" + name
    }
}

struct HubTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A box's practice before its daemon starts: `count` answers in its statistics file, a day old.
enum BoxPractice {
    static func seed(_ count: Int, database: String) throws {
        let store = try SQLiteStatisticsStore(path: database, logger: .init(label: "seed"))
        let session = UUID()
        let start = Date().addingTimeInterval(-86_400)
        var records: [StatisticsRecord] = [.sessionStart(SessionStartRecord(id: session, profile: "default", startedAt: start,
                                                                             exercise: .interval, mode: nil, root: "C"))]
        for index in 0..<count {
            records.append(.answer(AnswerRecord(
                time: start.addingTimeInterval(Double(index)), session: session, profile: "default", exercise: .interval, root: "C",
                interval: "M3", expected: "E4", expectedMIDI: 64, playedMIDI: index % 3 == 0 ? 65 : 64, correct: index % 3 != 0,
                responseSeconds: 1.5, item: AnswerItem(category: "interval", label: "M3"))))
        }
        try store.record(records)
    }

    /// Every answer id in a box's statistics file.
    static func answerIDs(database: String) throws -> Set<String> {
        let queue = try DatabaseQueue(path: database)
        return Set(try queue.read { try String.fetchAll($0, sql: "SELECT uid FROM answer") })
    }
}
