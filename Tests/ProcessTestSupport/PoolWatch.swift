import Foundation
import Synchronization

/// With `ET_POOL_WATCH=1`, a thread of its own checks every second that Swift's cooperative pool
/// (two threads here) still starts tasks. When a task has waited 20 s to start, every thread's
/// stack is written once, by gdb, to `.build/pool-stall-PID.txt`: whatever holds the pool's
/// threads is named there. (In-process servers and clients wait on that pool; a stall of a minute
/// fails them all at once.) gdb reads no input, asks no server for debug info, and is stopped
/// after `dumpLimit`: a gdb that waited on its input once held a run stopped for 23 minutes.
public enum PoolWatch {
    /// Starts the watch once, when the environment asks for it.
    public static let started: Bool = {
        guard ProcessInfo.processInfo.environment["ET_POOL_WATCH"] == "1" else { return false }
        let thread = Thread { watch() }
        thread.name = "pool-watch"
        thread.start()
        return true
    }()

    private static func watch() {
        var dumped = false
        while !dumped {
            let ran = Atomic<Bool>(false)
            let asked = ContinuousClock.now
            Task.detached { ran.store(true, ordering: .releasing) }
            while !ran.load(ordering: .acquiring), ContinuousClock.now - asked < .seconds(20) { Thread.sleep(forTimeInterval: 0.05) }
            if !ran.load(ordering: .acquiring) {
                dump()
                dumped = true
            }
            Thread.sleep(forTimeInterval: 1)
        }
    }

    /// The longest the stacks' dump may hold the process stopped, in seconds.
    static let dumpLimit = 60.0

    private static func dump() {
        let path = FileManager.default.currentDirectoryPath + "/.build/pool-stall-\(getpid()).txt"
        print("⚠︎ Swift's pool started no task for 20 s; the threads' stacks go to \(path)")
        // A shell of its own runs gdb, kills it if it runs over and wakes this process (which
        // gdb left stopped, this thread too); gdb reads no input and asks no server for debug info.
        let pid = getpid()
        let gdb = "gdb -nx -batch -iex 'set debuginfod enabled off' -ex 'set pagination off' -ex 'thread apply all bt' -p \(pid)"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "timeout -s KILL \(Int(dumpLimit)) \(gdb); kill -CONT \(pid)"]
        FileManager.default.createFile(atPath: path, contents: nil)
        shell.standardOutput = FileHandle(forWritingAtPath: path)
        shell.standardError = FileHandle.nullDevice
        shell.standardInput = FileHandle.nullDevice
        do { try shell.runAlone() } catch { return }
        shell.waitUntilExit()
    }
}
