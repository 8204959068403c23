import ControlProtocol
import DaemonTestSupport
import Foundation
import Glibc
import Logging
import Statistics
import Testing
import Training

/// The real daemon over a long history (200,000 answers in its SQLite file): an export comes a
/// page at a time, and clients that send batches of exports and never read are cut off, so the
/// daemon's memory is bounded by its limits, not by the history.
@Suite("eartrainerd's memory over a long history", .daemon, .serialized)
struct ExportMemoryTests {
    static let answers = 200_000
    /// What the attack may add to the daemon's peak resident memory: 8 clients' queues of 1 MiB
    /// at most each, 24 batches' replies of under 1 MiB each being built, and the allocator's slack.
    static let boundKiB = 64 * 1024

    /// `answers` answers of the `default` profile in one session, written in one transaction.
    static func history(at path: String) throws {
        let store = try SQLiteStatisticsStore(path: path, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let session = UUID()
        let start = Date(timeIntervalSince1970: 1_770_000_000)
        var records = [StatisticsRecord.sessionStart(SessionStartRecord(
            id: session, profile: "default", startedAt: start, exercise: .scale, mode: "ionian", root: "C"))]
        records.reserveCapacity(answers + 1)
        for index in 0..<answers {
            records.append(.answer(AnswerRecord(
                time: start + Double(index) / 4, session: session, profile: "default", exercise: .scale, root: "C",
                mode: "ionian", interval: nil, degree: index % 7 + 1, expected: "E3", expectedMIDI: 52,
                playedMIDI: 40 + index % 40, correct: index % 4 != 0, attempt: 1, responseSeconds: 1.5,
                item: AnswerItem(category: "degree", label: "degree \(index % 7 + 1)"))))
        }
        try store.record(records)
    }

    static func status(_ pid: Int32, _ field: String) -> Int {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// The CPU time the process has used, in clock ticks (proc(5), utime + stime).
    static func cpuTicks(_ pid: Int32) -> Int {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        let fields = text.split(separator: ")").last?.split(separator: " ") ?? []
        return fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
    }

    /// A batch of `count` `stats.export` calls on one line, as JSON.
    static func exportBatch(_ count: Int, format: String = "json") -> String {
        "[" + (0..<count).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"stats.export","params":{"format":"\#(format)"}}"# }
            .joined(separator: ",") + "]"
    }

    @Test("200,000 answers: the export is whole, a batch of exports is bounded, and clients that never read are cut off with memory bounded")
    func boundedMemory() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("etd-history-\(UUID().uuidString.prefix(8))")
        let state = folder.appendingPathComponent("state").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = ContinuousClock.now
        // 200,001 records written in one transaction: seconds of work, on a thread of its own.
        try await onOwnThread { try Self.history(at: state + "/eartrainer.sqlite") }
        print("history: \(Self.answers) answers written in \(ContinuousClock.now - written)")

        let daemon = try DaemonProcess(environment: ["STATE_DIRECTORY": state])
        let link = try await daemon.connect()
        let pid = daemon.process.processIdentifier

        // The whole export, page after page, as a person asks for it.
        let file = folder.appendingPathComponent("answers.csv").path
        let exported = ContinuousClock.now
        let export = try await daemon.ctl("export", "--output", file)
        #expect(export.status == 0, "eartrainctl export: \(export)")
        #expect(export.stderr.contains("wrote \(Self.answers) answers"), "eartrainctl export: \(export.stderr)")
        let lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\r\n")
        #expect(lines.count == Self.answers + 2 && lines.last == "", "a header, every answer, and a line end")
        #expect(lines[Self.answers].contains(",degree \((Self.answers - 1) % 7 + 1)"), "the last answer, last")
        print("export: \(Self.answers) answers in \(ContinuousClock.now - exported), daemon's peak \(Self.status(pid, "VmHWM")) KiB")

        // A client that reads: a batch of exports comes back under the socket's limit, the
        // requests past its budget refused, not carried out.
        try await link.sendLine(Self.exportBatch(100))
        let reply = try await link.readLine()
        #expect(reply.utf8.count < 1 << 20, "a batch's reply took \(reply.utf8.count) bytes")
        let replies = try JSONDecoder().decode([RPCResponse].self, from: Data(reply.utf8))
        #expect(replies.count == 100)
        #expect(replies.contains { $0.result != nil }, "some exports were carried out")
        #expect(replies.contains { $0.error?.code == ErrorCode.replyTooLarge.rawValue }, "the rest refused")
        try await link.sendLine(Self.exportBatch(101))
        #expect(try await link.readLine().contains(#""code":-32600"#), "a batch of 101 calls is refused whole")

        // Clients that send batches of exports and never read.
        let baseline = Self.status(pid, "VmRSS")
        // Resets the peak (VmHWM) to what is resident now (proc(5), clear_refs).
        try "5".write(toFile: "/proc/\(pid)/clear_refs", atomically: false, encoding: .utf8)
        let sleepers = (0..<8).map { _ in SocketAbuseTests.rawConnect(daemon.socketPath) }
        #expect(sleepers.allSatisfy { $0 >= 0 })
        defer { sleepers.forEach { close($0) } }
        let batches = Array(((0..<3).map { _ in Self.exportBatch(100) }.joined(separator: "\n") + "\n").utf8)
        for fd in sleepers { SocketAbuseTests.rawSend(fd, batches) }
        // Each is cut off once what waits for it would pass 1 MiB, and the daemon says so; or its
        // third batch is refused as busy (two lines of a client run aside at once), and the short
        // refusal waits with the two replies. Done when all are cut off or the daemon has stopped
        // working (no CPU time for 3 s).
        func cutOff() async -> Int { daemon.stdout.components(separatedBy: "cut off").count - 1 }
        var idleSince = (ContinuousClock.now, Self.cpuTicks(pid))
        await Polling.wait(seconds: 240) {
            let ticks = Self.cpuTicks(pid)
            if ticks != idleSince.1 { idleSince = (.now, ticks) }
            return await cutOff() >= sleepers.count || ContinuousClock.now - idleSince.0 > .seconds(3)
        }
        let refused = sleepers.count { Self.waiting($0).contains(#""code":-32006"#) }
        let cut = await cutOff()
        #expect(cut + refused >= sleepers.count,
                "every client that never reads is cut off (\(cut)) or refused (\(refused)); stdout: \(daemon.stdout.suffix(2000))")
        let peak = Self.status(pid, "VmHWM")
        print("sleeping exporters: resident \(baseline) KiB before, peak \(peak) KiB while \(sleepers.count) clients sent 3 batches of 100 exports each and never read; \(await cutOff()) cut off")
        #expect(peak - baseline < Self.boundKiB, "the daemon's peak grew from \(baseline) KiB to \(peak) KiB")
        #expect(try await link.result("status")["daemon"] != nil, "the daemon still answers")
        #expect(daemon.process.isRunning)
    }

    /// What waits unread in `fd` (all of it, up to 4 MiB; reading blocks for none of it).
    static func waiting(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while bytes.count < 4 << 20 {
            let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
