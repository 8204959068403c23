import DaemonTestSupport
import Foundation
import Glibc
import Testing

/// A 16 MiB ext4 file system in a file, on a loop device, mounted `errors=remount-ro` (Debian's
/// default for `/`): an error the kernel finds on it turns it read-only under the files open
/// there, as a failing disk does. Needs root, `mkfs.ext4` and `losetup` (CI runs as root).
final class LoopDisk {
    /// Where it is mounted.
    let mountPoint: String
    private let image: String
    /// The loop device it is mounted from now.
    private var device: String

    init() async throws {
        try #require(getuid() == 0, "a loop device and a mount need root; run the tests as root (CI does)")
        let name = "ro-\(UUID().uuidString.prefix(8))"
        let temporary = FileManager.default.temporaryDirectory.path
        image = temporary + "/\(name).img"
        mountPoint = temporary + "/\(name)"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        try await Self.run("truncate -s 16M \(image) && mkfs.ext4 -q -F \(image)")
        device = try await Self.run("losetup -f --show \(image)")
        try await Self.run("mount -o errors=remount-ro \(device) \(mountPoint)")
    }

    /// Makes the kernel find an error on it (`/sys/fs/ext4/DEVICE/trigger_fs_error`): it turns
    /// read-only, the open files with it.
    func failReadOnly() async throws {
        try await Self.run("echo 1 > /sys/fs/ext4/\((device as NSString).lastPathComponent)/trigger_fs_error")
        let probe = try await Command.shell("touch \(mountPoint)/probe")
        try #require(probe.text.contains("Read-only file system"), "still writable after the error: \(probe)")
    }

    /// Brings it back as an admin would: the old mount detached (the daemon still holds files
    /// on it), the file system checked, and mounted again in the same place, from a new loop
    /// device (the old one goes once its last file is closed).
    func mountAgain() async throws {
        try await Self.run("umount -l \(mountPoint) && losetup -d \(device)")
        _ = try await Command.shell("e2fsck -fy \(image)")  // 1: errors fixed, which is expected here
        device = try await Self.run("losetup -f --show \(image)")
        try await Self.run("mount -o errors=remount-ro \(device) \(mountPoint)")
        try #require(try await Command.shell("touch \(mountPoint)/probe && rm \(mountPoint)/probe").status == 0)
    }

    /// Unmounts it (detached, should the daemon still hold files) and removes the file, by a
    /// shell left to finish on its own: a test's `defer` runs this, and cannot wait.
    func remove() {
        let cleanup = Process()
        cleanup.executableURL = URL(fileURLWithPath: "/bin/bash")
        cleanup.arguments = ["-c", "umount -l \(mountPoint); losetup -d \(device); rm -f \(image); rmdir \(mountPoint)"]
        try? cleanup.runAlone()
    }

    /// Runs `command` by bash; its output, trimmed; throws when it fails.
    @discardableResult
    private static func run(_ command: String) async throws -> String {
        let output = try await Command.shell(command)
        try #require(output.status == 0, "\(command): \(output)")
        return output.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
