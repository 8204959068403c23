import ControlClient
import ControlProtocol
import DaemonTestSupport
import Foundation
import Glibc
import Statistics
import Testing

/// The state directory on a file system that turns read-only under the running daemon, or is
/// read-only when it starts, and becomes writable again. Mounting needs root (CI runs as root);
/// without it the tests fail and say so.
@Suite("eartrainerd on a state directory that turns read-only", .daemon, .serialized)
struct ReadOnlyStateTests {
    @Test("a disk turned read-only under the daemon and mounted again: the held answers are written, nothing lost")
    func mountedAgain() async throws {
        let disk = try await LoopDisk()
        defer { disk.remove() }
        let state = disk.mountPoint + "/state"
        let daemon = try await TestDaemon(statistics: FullDiskTests.store(state))
        let link = try await daemon.connect()
        let play = try await Self.startScale(link)
        #expect(try await play(["C3", "D3", "E3"])["recorded"] == .bool(true))

        try await disk.failReadOnly()
        #expect(try await play(["F3", "G3"])["recorded"] == .bool(false), "an answer reported recorded on a read-only disk")
        #expect(try await play(["A3"])["recorded"] == .bool(false))
        let storage = try await link.result("status")["storage"]?.stringValue ?? ""
        #expect(storage.hasPrefix("failing"), "status storage: \(storage)")
        #expect(storage.contains("records held"), "status storage: \(storage)")
        #expect(await Self.poll(seconds: 5) { daemon.stdout.contains("statistics not recorded") }, "stdout: \(daemon.stdout)")

        // Mounted again while nobody plays: the held answers are written on their own.
        try await disk.mountAgain()
        let mounted = ContinuousClock.now
        #expect(await Self.poll(seconds: 10) { (try? await link.result("status")["storage"]?.stringValue) == "available" },
                "status storage: no longer failing within 10 s")
        let written = ContinuousClock.now - mounted
        #expect(await Self.poll(seconds: 5) { daemon.stdout.contains("statistics recorded again") }, "stdout: \(daemon.stdout)")
        #expect(daemon.stdout.contains("with the 3 records held while it failed"), "stdout: \(daemon.stdout)")
        #expect(try await play(["B3", "C4", "D4"])["recorded"] == .bool(true))
        #expect(await daemon.stop())

        let database = try StatisticsDatabase(path: state + "/eartrainer.sqlite")
        #expect(database.integrity == ["ok"])
        #expect(database.answers.map(\.played) == [48, 50, 52, 53, 55, 57, 59, 60, 62], "stored: \(database.answers)")
        print("read-only disk: stored \(database.answers.count) of 9 answers (3 played while read-only, written \(written) "
              + "after it was mounted again)")
    }

    @Test("a stop right after the disk is mounted again writes what is held; a stop while it is read-only says what is lost")
    func stopWhileHolding() async throws {
        for mountedBeforeStop in [true, false] {
            let disk = try await LoopDisk()
            defer { disk.remove() }
            let state = disk.mountPoint + "/state"
            let daemon = try await TestDaemon(statistics: FullDiskTests.store(state))
            let play = try await Self.startScale(try await daemon.connect())
            #expect(try await play(["C3"])["recorded"] == .bool(true))
            try await disk.failReadOnly()
            #expect(try await play(["D3", "E3"])["recorded"] == .bool(false))
            // Within the second after the refusal, when held records wait for the next try.
            if mountedBeforeStop { try await disk.mountAgain() }
            #expect(await daemon.stop())
            if mountedBeforeStop {
                let database = try StatisticsDatabase(path: state + "/eartrainer.sqlite")
                #expect(database.integrity == ["ok"])
                #expect(database.answers.map(\.played) == [48, 50, 52], "stored: \(database.answers)")
            } else {
                #expect(daemon.stdout.contains("held records could not be written before exit"), "stdout: \(daemon.stdout)")
            }
        }
    }

    @Test("started on a read-only file system: answers are held, and written once it is writable", arguments: [true, false])
    func startedReadOnly(directoryExists: Bool) async throws {
        try #require(getuid() == 0, "mounting a tmpfs needs root; run the tests as root (CI does)")
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("ro-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: mountPoint) }
        try #require(mount("tmpfs", mountPoint, "tmpfs", 0, "size=4m,mode=0700") == 0, "mount: \(String(cString: strerror(errno)))")
        defer { #expect(umount2(mountPoint, Int32(MNT_DETACH)) == 0, "umount \(mountPoint)") }
        let state = mountPoint + "/state"
        if directoryExists { try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: false) }
        func remount(readOnly: Bool) throws {
            let flags = UInt(MS_REMOUNT) | (readOnly ? UInt(MS_RDONLY) : 0)
            try #require(mount("tmpfs", mountPoint, "tmpfs", flags, "size=4m,mode=0700") == 0,
                         "remount: \(String(cString: strerror(errno)))")
        }
        try remount(readOnly: true)

        let daemon = try await TestDaemon(statistics: FullDiskTests.store(state))
        let link = try await daemon.connect()
        let play = try await Self.startScale(link)
        #expect(try await play(["C3", "D3"])["recorded"] == .bool(false))
        let storage = try await link.result("status")["storage"]?.stringValue ?? ""
        #expect(storage.hasPrefix("failing"), "status storage: \(storage)")
        #expect(storage.contains("records held"), "status storage: \(storage)")
        #expect(await Self.poll(seconds: 5) { daemon.stdout.contains("statistics not recorded") }, "stdout: \(daemon.stdout)")

        try remount(readOnly: false)
        let writable = ContinuousClock.now
        #expect(await Self.poll(seconds: 10) { (try? await link.result("status")["storage"]?.stringValue) == "available" },
                "status storage: no longer failing within 10 s")
        let written = ContinuousClock.now - writable
        #expect(daemon.stdout.contains("statistics recorded again"), "stdout: \(daemon.stdout)")
        #expect(try await play(["E3"])["recorded"] == .bool(true))
        #expect(await daemon.stop())

        let database = try StatisticsDatabase(path: state + "/eartrainer.sqlite")
        #expect(database.integrity == ["ok"])
        #expect(database.answers.map(\.played) == [48, 50, 52], "stored: \(database.answers)")
        #expect(database.sessions.count == 1, "the session's start, held with its answers, is stored too")
        print("started read-only (directory \(directoryExists ? "there" : "missing")): held answers written \(written) after "
              + "it was writable; stdout: \(daemon.stdout.split(separator: "\n").filter { $0.contains("statistics") })")
    }

    /// Whether `condition` holds within `seconds`, polled every 10 ms without holding a thread of
    /// the test pool (`await Polling.wait` sleeps on it): other suites' timeouts run meanwhile.
    static func poll(seconds: Double, until condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return await condition()
    }

    /// Starts a C major scale session on `link`; a function playing notes in it.
    static func startScale(_ link: ControlConnection) async throws -> ([String]) async throws -> JSONValue {
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "mode": .string("ionian"), "root": .string("C3")]))
        return { notes in try await link.result("notes.play", .object(["notes": .array(notes.map { .string($0) })])) }
    }
}
