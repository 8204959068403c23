// `make bench-hub`: a class's hub under a school's day (docs/class.md, docs/benchmarks.md).
// The real `eartrainer-hub serve` (release, a child process) on the store named: SQLite (a file
// under a temporary folder) or PostgreSQL (ET_HUB_POSTGRES, a database made for the run). 1,000
// boxes join, then push a day's practice each (300 answers) at once, over TLS on loopback. Then
// the teacher's overview is read with 1,000 students × 60 days of figures, over the default 7
// days and over 90 (its first page and its last), and a search by name. Prints answers ingested
// per second, the pushes' p50 and p99, the overview's p50 and p95, and the hub's RSS (its own
// process's).
//
//   HubBenchmark sqlite|postgresql [BOXES] [ANSWERS]
import ClassHub
import ClassProtocol
import ClassSync
import Crypto
import Foundation
import Glibc
import NIOCore
import NIOPosix
import ProcessTestSupport

@main
enum HubBenchmark {
    static func main() async throws {
        let arguments = CommandLine.arguments
        let kind = arguments.count > 1 ? arguments[1] : "sqlite"
        let boxes = arguments.count > 2 ? Int(arguments[2]) ?? 1_000 : 1_000
        let perBox = arguments.count > 3 ? Int(arguments[3]) ?? 300 : 300

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hub-bench-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (shared, storeArgument) = try database(kind, folder: folder)
        let store = try HubStore(shared)
        try store.setTeacherPassword("bench-password")
        // The hub's certificate, made here where the hub will find it: the boxes pin its fingerprint.
        let certificate = try HubCertificate.loadOrMake(directory: folder + "/tls", names: ["127.0.0.1"])
        let port = LoopbackPort.free()
        let hub = Process()
        hub.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("eartrainer-hub")
        hub.arguments = ["serve", "--state", folder, "--listen", "127.0.0.1:\(port)"] + storeArgument
        hub.standardOutput = FileHandle.nullDevice
        try hub.run()
        defer { hub.terminate() }
        guard await listening(port), let address = HubAddress("https://127.0.0.1:\(port)") else { fatalError("the hub did not start") }
        report("hub on \(address) (pid \(hub.processIdentifier)), store \(store.database.kind), \(boxes) boxes × \(perBox) answers")

        // Join: every box with a code of its own.
        let joinStart = ContinuousClock.now
        var members: [ClassMembership] = []
        for index in 0..<boxes {
            let key = P256.Signing.PrivateKey()
            let reply = try await HubHTTPClient.join(address, fingerprint: certificate.fingerprint, code: try store.makeCode(student: nil),
                                                     name: "student \(index)", key: key)
            members.append(ClassMembership(hub: address.description, fingerprint: certificate.fingerprint, box: reply.box, student: reply.student,
                                           profile: "default", token: reply.token, key: key.rawRepresentation.base64EncodedString(), joinedAt: 0))
        }
        report(String(format: "joined: %d boxes in %.1f s", boxes, (ContinuousClock.now - joinStart).seconds))

        // A day's practice each, pushed at once.
        let day = Date().timeIntervalSince1970 - 86_400
        let items = ["m2", "M2", "m3", "M3", "P4", "TT", "P5", "m6", "M6", "m7", "M7", "P8"]
        var pushes: [(ClassMembership, AnswerPush)] = []
        for (index, member) in members.enumerated() {
            var answers: [PushedAnswer] = []
            for number in 0..<perBox {
                let uid = String(format: "%016lx%016lx", index, number)
                let item: String = "interval:" + items[(index + number) % items.count]
                let time: Double = day + Double(number * 60)
                let wrong = number % 4 == 0
                answers.append(PushedAnswer(uid: uid, seq: Int64(number + 1), time: time, session: "bench", exercise: "interval",
                                            item: item, expectedMIDI: 64, playedMIDI: wrong ? 65 : 64, correct: !wrong, attempt: 1,
                                            responseSeconds: 1.25, cents: nil))
            }
            pushes.append((member, AnswerPush(after: 0, through: Int64(perBox), sentAt: Date().timeIntervalSince1970, answers: answers)))
        }
        let ingestStart = ContinuousClock.now
        let times: [Double] = try await withThrowingTaskGroup(of: Double.self) { group in
            for (member, push) in pushes {
                group.addTask {
                    let client = try HubHTTPClient(membership: member)
                    let start = ContinuousClock.now
                    _ = try await client.push(push)
                    return (ContinuousClock.now - start).seconds
                }
            }
            var times: [Double] = []
            for try await time in group { times.append(time) }
            return times
        }
        let ingest = (ContinuousClock.now - ingestStart).seconds
        let held = try store.answerCounts().values.reduce(0, +)
        report(String(format: "ingested: %d answers in %.1f s: %.0f answers/s; push p50 %.0f ms, p99 %.0f ms; held %d",
                     boxes * perBox, ingest, Double(boxes * perBox) / ingest, percentile(times, 0.5) * 1000,
                     percentile(times, 0.99) * 1000, Int(held))
              + (held == Int64(boxes * perBox) ? " (nothing lost or doubled)" : " (NOT every answer once)"))

        // The teacher's overview with 1,000 students × 60 days of figures (written straight into the
        // daily table: a day's pushes above took the same path for one day).
        let today = Int64((Date().timeIntervalSince1970 / 86_400).rounded(.down))
        try store.database.transaction { connection in
            let students = try connection.run("SELECT id FROM student").compactMap { $0.first?.asText }
            for student in students {
                for dayNumber in (today - 60)..<(today - 1) {
                    for item in items.prefix(6) {
                        try connection.run(
                            "INSERT INTO daily (student_id, day, exercise, item, correct_count, wrong_count, cents_count, cents_abs_sum, seconds_sum) VALUES (?, ?, 'interval', ?, 20, 5, 0, 0, 30)",
                            .text(student), .integer(dayNumber), .text("interval:" + item))
                    }
                }
            }
        }
        let cookie = try await TeacherBench.signIn(address, fingerprint: certificate.fingerprint)
        // The first page (50 students by name), over the default 7 days and over 90; the last page
        // over 90; a search by name over 90.
        for path in ["/teacher", "/teacher?days=90", "/teacher?days=90&page=\((boxes + 49) / 50)", "/teacher?days=90&q=student+99"] {
            var renders: [Double] = []
            var bytes = 0
            for _ in 0..<40 {
                let start = ContinuousClock.now
                let (status, size) = try await TeacherBench.get(address, fingerprint: certificate.fingerprint, path: path, cookie: cookie)
                guard status == 200 else { fatalError("\(path) answered \(status)") }
                renders.append((ContinuousClock.now - start).seconds)
                bytes = size
            }
            report(String(format: "overview %@ (%d students, 60 days held): p50 %.0f ms, p95 %.0f ms, %.1f KiB", path, boxes,
                         percentile(renders, 0.5) * 1000, percentile(renders, 0.95) * 1000, Double(bytes) / 1024))
        }
        let memory = residentKiB(of: hub.processIdentifier)
        report(String(format: "hub RSS %.1f MiB (peak %.1f MiB)", Double(memory.now) / 1024, Double(memory.peak) / 1024))
    }

    /// Waits up to 30 s for something to listen on `port`.
    static func listening(_ port: Int) async -> Bool {
        for _ in 0..<600 {
            if LoopbackPort.listens(port) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// The store the hub and this bench share, and the hub's argument naming it.
    static func database(_ kind: String, folder: String) throws -> (any SQLDatabase, [String]) {
        switch kind {
        case "postgresql":
            guard let server = ProcessInfo.processInfo.environment["ET_HUB_POSTGRES"] else {
                fatalError("ET_HUB_POSTGRES: the server to bench on (scripts/postgres-for-tests.sh start)")
            }
            let name = "hub_bench_\(UInt32.random(in: 0...UInt32.max))"
            try PostgresDatabase(url: server + "/postgres", connections: 1).outsideTransaction("CREATE DATABASE \(name)")
            return (try PostgresDatabase(url: server + "/" + name, connections: 4), ["--store", server + "/" + name])
        default:
            return (try SQLiteDatabase(path: folder + "/hub.sqlite"), [])
        }
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }

    static func residentKiB(of pid: Int32) -> (now: Int, peak: Int) {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            status.split(separator: "\n").first { $0.hasPrefix(name) }
                .flatMap { Int($0.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") } ?? 0
        }
        return (field("VmRSS:"), field("VmHWM:"))
    }
}

/// A line of figures, written at once (print's buffer into a file is lost if the bench dies).
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// The teacher's side of the bench: a login, then pages read with its cookie.
enum TeacherBench {
    static func signIn(_ address: HubAddress, fingerprint: String) async throws -> String {
        let response = try await HubHTTPClient.send(address, fingerprint: fingerprint, method: "POST", path: "/teacher/login",
                                                    headers: [("Content-Type", "application/x-www-form-urlencoded")],
                                                    body: Array("password=bench-password".utf8), timeout: .seconds(30))
        guard let cookie = response.headers.first(where: { $0.name.lowercased() == "set-cookie" })?.value.split(separator: ";").first else {
            fatalError("the login answered \(response.status) without a cookie")
        }
        return String(cookie)
    }

    static func get(_ address: HubAddress, fingerprint: String, path: String, cookie: String) async throws -> (Int, Int) {
        let response = try await HubHTTPClient.send(address, fingerprint: fingerprint, method: "GET", path: path,
                                                    headers: [("Cookie", cookie)], body: [], timeout: .seconds(60), largest: 64 << 20)
        return (response.status, response.body.count)
    }
}
