import ControlProtocol
import Foundation

extension DaemonFaults {
    /// 100,000 events (note-on/note-off pairs on keys 36-95, none a control key) written to the
    /// virmidi device as fast as it takes them, while a client asks `status` every 100 ms.
    func flood(events: Int = 100_000) {
        guard let device = RawMIDIDevice(path: virmidiPath), let before = settle()?.session else {
            report.check("daemon flood: ready", false, "no device or no session")
            return
        }
        let memoryBefore = daemon.memory()
        let poolBefore = inputPool()
        let poller = StatusPoller(socketPath: daemon.socketPath, interval: .milliseconds(100))
        let pairs = (0..<events / 2).flatMap { i -> [UInt8] in
            let key = UInt8(36 + i % 60)
            return [0x90, key, 64, 0x80, key, 0]
        }
        let start = ContinuousClock.now
        let written = stride(from: 0, to: pairs.count, by: 600).allSatisfy {
            device.write(Array(pairs[$0..<min(pairs.count, $0 + 600)]))
        }
        let writing = ContinuousClock.now - start
        // The poller stops with the writes: its calls would keep the daemon's CPU from the quiet
        // that `settle` waits for (a run of 2026-11-30 never settled in 300 s beside it).
        let (answered, failures) = poller.finish()
        let after = settle()
        let drained = ContinuousClock.now - start
        let whileWriting = answered.map(\.milliseconds)
        let memoryAfter = daemon.memory()
        let poolAfter = inputPool()
        let seen = ((after ?? daemon.status())?.session.map(judged) ?? judged(before)) - judged(before)
        let overruns = reportedTotal("MIDI input overrun (")
        let late = reportedTotal("are dropped (")

        report.note("""
            flood: \(events) events (\(events / 2) note-ons) written in \(writing) (all written: \(written)); \
            the daemon judged \(seen) note-ons, reported \(overruns) overruns and dropped \(late) notes (on and off) \
            that reached the core too late; settled \(drained) after the first write
            flood: the daemon's kernel input pool (alloc success, failures): before \(describe(poolBefore)), \
            after \(describe(poolAfter))
            flood: RSS before \(describe(memoryBefore)), after \(describe(memoryAfter)) (KiB: resident, peak)
            flood: status every 100 ms while writing: \(latencySummary(whileWriting)); \(failures.count) failed
            """)
        report.check("daemon flood: survives and answers status after", daemon.isRunning && after != nil,
                     "running \(daemon.isRunning), session \(describe(after?.session))")
        report.check("daemon flood: status answered during the flood", failures.isEmpty && !whileWriting.isEmpty,
                     "while writing \(latencySummary(whileWriting)); failures: \(failures.prefix(3))")
        let grew = (memoryAfter?.resident ?? .max) - (memoryBefore?.resident ?? 0)
        report.check("daemon flood: resident memory grows less than 32 MiB", grew < 32 * 1024, "grew \(grew) KiB")
        report.check("daemon flood: every note-on judged, or the loss reported as overruns",
                     seen == events / 2 || (seen < events / 2 && overruns + late > 0),
                     "\(seen) of \(events / 2) judged, \(overruns) overruns, \(late) late notes dropped")
        report.check("daemon flood: the same session goes on",
                     after?.session?.seed == before.seed && after?.session?.root == before.root, "\(describe(after?.session))")
        checkRightAnswerJudged("daemon flood: a right note afterwards is judged right")
    }

    func describe(_ pair: (Int, Int)?) -> String { pair.map { "\($0.0), \($0.1)" } ?? "?" }

    /// The highest N of "`prefix`N so far)" in the daemon's output (its device events).
    func reportedTotal(_ prefix: String) -> Int {
        daemon.child.log.components(separatedBy: prefix).dropFirst()
            .compactMap { Int($0.prefix { $0.isNumber }) }.max() ?? 0
    }

    /// The kernel's count of events put into the daemon's input FIFO and refused for want of room
    /// (/proc/asound/seq/clients, the "Input pool" of the client named eartrainer).
    func inputPool() -> (success: Int, failures: Int)? {
        let clients = (try? String(contentsOfFile: "/proc/asound/seq/clients", encoding: .utf8)) ?? ""
        guard let ours = clients.components(separatedBy: "\nClient").first(where: { $0.contains("\"eartrainer\"") }),
              let pool = ours.components(separatedBy: "Input pool").last else { return nil }
        func field(_ name: String) -> Int? {
            pool.split(separator: "\n").first { $0.contains(name) }
                .flatMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }
        }
        guard let success = field("Alloc success"), let failures = field("Alloc failures") else { return nil }
        return (success, failures)
    }
}
