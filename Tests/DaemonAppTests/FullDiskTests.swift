import ControlProtocol
import DaemonTestSupport
import Foundation
import Glibc
import Statistics
import Testing

/// The statistics file on a tiny tmpfs that fills up under the running daemon.
/// Mounting needs root (CI runs as root); without it the test fails and says so.
@Suite("eartrainerd on a full disk", .daemon)
struct FullDiskTests {
    @Test("a full disk: a clear error, training goes on, answers are held and written when space returns, nothing lost")
    func fullDisk() async throws {
        try await Self.onTinyDisk { state, filler in try await fullDisk(state: state, filler: filler) }
    }

    private func fullDisk(state: String, filler: String) async throws {

        let daemon = try await TestDaemon(statistics: Self.store(state), socketFile: true)
        let link = try await daemon.connect()
        _ = try await link.result("session.start", .object(["kind": .string("scale"), "mode": .string("ionian"), "root": .string("C3")]))
        func play(_ notes: [String]) async throws -> JSONValue {
            try await link.result("notes.play", .object(["notes": .array(notes.map { .string($0) })]))
        }
        let before = ["C3", "D3", "E3"]
        await #expect(try play(before)["recorded"] == .bool(true))

        let filled = try Self.fill(filler)
        #expect(filled > 0)
        await #expect(try play(["F3", "G3"])["recorded"] == .bool(false), "an answer reported recorded on a full disk")
        let played = try await daemon.ctl("play", "A3")
        #expect(played.status == 0)
        #expect(played.stderr.contains("not in the statistics"), "eartrainctl play said: \(played)")
        let status = try await link.result("status")
        let storage = status["storage"]?.stringValue ?? ""
        #expect(storage.contains("full"), "status storage: \(storage)")
        #expect(status["session"]?["correct"]?.numberValue == 6, "training went on: \(String(describing: status["session"]))")
        #expect(await Polling.wait(seconds: 5) { daemon.stdout.contains("disk is full") }, "stdout: \(daemon.stdout)")
        #expect(daemon.isRunning)

        #expect(storage.contains("3 records held"), "status storage: \(storage)")

        // Space returns while nobody plays: the held answers are written on their own.
        try FileManager.default.removeItem(atPath: filler)
        let freed = ContinuousClock.now
        #expect(await Polling.wait(seconds: 10) { (try? await link.result("status")["storage"]?.stringValue) == "available" })
        let written = ContinuousClock.now - freed
        #expect(await Polling.wait(seconds: 5) { daemon.stdout.contains("statistics recorded again") }, "stdout: \(daemon.stdout)")
        #expect(daemon.stdout.contains("with the 3 records held while it failed"), "stdout: \(daemon.stdout)")
        let after = ["B3", "C4", "D4"]
        await #expect(try play(after)["recorded"] == .bool(true))
        #expect(await daemon.stop())

        let database = try StatisticsDatabase(path: state + "/eartrainer.sqlite")
        #expect(database.integrity == ["ok"])
        // Every answer, those played while the disk was full among them, in the order played.
        #expect(database.answers.map(\.played) == [48, 50, 52, 53, 55, 57, 59, 60, 62], "stored: \(database.answers)")
        print("full disk: \(filled) bytes of filler; stored \(database.answers.count) of 9 answers (3 played while full, "
              + "written \(written) after the filler was deleted)")
    }

    @Test("a stop right after space returns writes what is held; a stop on a disk still full says what is lost")
    func stopWhileHolding() async throws {
        try await Self.onTinyDisk { state, filler in try await stopWhileHolding(state: state, filler: filler) }
    }

    private func stopWhileHolding(state: String, filler: String) async throws {

        for freeBeforeStop in [true, false] {
            let daemon = try await TestDaemon(statistics: Self.store(state))
            let link = try await daemon.connect()
            _ = try await link.result("session.start", .object(["kind": .string("scale"), "mode": .string("ionian"), "root": .string("C3")]))
            _ = try Self.fill(filler)
            #expect(try await link.result("notes.play", .object(["notes": .array([.string("C3"), .string("D3")])]))["recorded"] == .bool(false))
            // Within the second after the refusal, when held records wait for the next try.
            if freeBeforeStop { try FileManager.default.removeItem(atPath: filler) }
            #expect(await daemon.stop())
            if freeBeforeStop {
                let database = try StatisticsDatabase(path: state + "/eartrainer.sqlite")
                #expect(database.integrity == ["ok"])
                #expect(database.answers.map(\.played).suffix(2) == [48, 50], "stored: \(database.answers)")
            } else {
                #expect(daemon.stdout.contains("held records could not be written before exit"), "stdout: \(daemon.stdout)")
                try FileManager.default.removeItem(atPath: filler)
            }
        }
    }

    /// The store the daemon opens in `state`, as `eartrainerd run` opens it in $STATE_DIRECTORY.
    static func store(_ state: String) -> any StatisticsStore {
        SQLiteStatisticsStore.open(path: state + "/eartrainer.sqlite", logger: TestDaemon.logger)
    }

    /// Runs `body` with a state directory and a filler file's paths on a 4 MiB tmpfs of its own.
    static func onTinyDisk(_ body: (_ state: String, _ filler: String) async throws -> Void) async throws {
        try #require(getuid() == 0, "mounting a tmpfs for the full disk needs root; run the tests as root (CI does)")
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("full-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: mountPoint) }
        try #require(mount("tmpfs", mountPoint, "tmpfs", 0, "size=4m,mode=0700") == 0,
                     "mount -t tmpfs on \(mountPoint): \(String(cString: strerror(errno)))")
        // Detached even while something still holds it open, so no path leaves the mount behind.
        defer { #expect(umount2(mountPoint, Int32(MNT_DETACH)) == 0, "umount \(mountPoint)") }
        try await body(mountPoint + "/state", mountPoint + "/filler")
    }

    /// Writes zeros into `path` until the file system refuses; returns how many bytes it took.
    static func fill(_ path: String) throws -> Int {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        var total = 0
        for size in [65536, 4096, 1] {
            let zeros = [UInt8](repeating: 0, count: size)
            while true {
                let written = zeros.withUnsafeBytes { write(descriptor, $0.baseAddress, size) }
                if written <= 0 { break }
                total += written
            }
            guard errno == ENOSPC else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        return total
    }
}
