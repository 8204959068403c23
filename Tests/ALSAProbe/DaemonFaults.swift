import ControlProtocol
import Foundation
import VMProbeSupport

/// MIDI faults against the real daemon: a keyboard unplugged and plugged back mid-session,
/// garbage bytes, and (DaemonFaults+Flood) a flood of 100,000 events, all through the virmidi
/// device while a scale session runs. The session is C major from C3, judged by pitch class, so
/// the next right note always follows from `progress`.
struct DaemonFaults {
    let report: Report
    let daemon: DaemonUnderTest
    let virmidiPath: String
    let virmidiClient: String

    /// C major's degrees in semitones above C; degree `progress + 1` is the next right answer.
    static let degrees = [0, 2, 4, 5, 7, 9, 11, 12]

    /// The daemon reads the virmidi keyboard; a session starts and gets three right answers and a wrong one.
    func startSession() -> Bool {
        let connected = waitForStatus(.seconds(60)) { $0.devices.keyboards.contains(virmidiClient) }
        report.check("daemon: started, reads the virmidi keyboard", connected != nil,
                     "\(daemon.status().map { "\($0.devices)" } ?? "no answer"); log: \(daemon.child.log.suffix(400))")
        guard connected != nil else { return false }
        var params = SessionStartParams(kind: .scale)
        params.set("mode", .string("ionian"))
        params.set("root", .string("C3"))
        params.set("strict", .bool(false))  // pitch-class matching: any octave, in any order
        params.seed = 9
        let started = daemon.call("session.start", Wire.value(params))
        report.note("session.start: \(started.map { "\($0.error?.message ?? "ok")" } ?? "no answer")")
        var session: SessionStatus?
        for note in [60, 62, 64, 66] { session = play(note) }
        report.check("daemon: session with 3 right answers and 1 wrong",
                     session?.correct == 3 && session?.errors == 1 && session?.progress == 3, "\(describe(session))")
        return session?.correct == 3
    }

    /// Plays note-on and note-off on the virmidi keyboard; returns the session once the note is judged.
    @discardableResult
    func play(_ note: Int) -> SessionStatus? {
        let before = daemon.status()?.session.map(judged)
        guard let device = RawMIDIDevice(path: virmidiPath) else {
            report.note("play \(note): cannot open \(virmidiPath): errno \(errno)")
            return nil
        }
        guard device.write([0x90, UInt8(note), 100, 0x80, UInt8(note), 0]) else {
            report.note("play \(note): write to \(virmidiPath) failed: errno \(errno)")
            return nil
        }
        return waitForStatus(.seconds(10)) { $0.session.map(judged) != before }?.status.session
    }

    /// Plays the next right note and checks that it is judged right (and nothing else is judged).
    func checkRightAnswerJudged(_ name: String) {
        guard let before = daemon.status()?.session else {
            report.check(name, false, "no session in status")
            return
        }
        let note = 60 + Self.degrees[before.progress ?? 0]
        let pool = inputPool()
        let after = play(note)
        let right = after?.correct == before.correct + 1 && after?.errors == before.errors
        // When it is not, what the kernel put into the daemon's input and what the daemon said last.
        let why = right ? "" : "; input pool (events, refused) before \(describe(pool)), after "
            + "\(describe(inputPool())); status now \(describe(daemon.status()?.session)); "
            + "log: \(daemon.child.log.suffix(1200))"
        report.check(name, right, "played \(note) at progress \(before.progress ?? -1): before \(describe(before)), "
                     + "after \(describe(after))\(why)")
    }

    /// Unplug (the card unbound from its driver, as scenario 7) and plug back mid-session.
    func unplugAndReplug() {
        let driver = "/sys/bus/platform/drivers/snd_virmidi"
        let before = daemon.status()?.session
        let unbind = shell(["timeout", "20", "sh", "-c", "echo snd_virmidi.0 > \(driver)/unbind"])
        let gone = waitForStatus(.seconds(10)) { $0.devices.keyboards.isEmpty }
        let noKeyboard = gone?.status.devices.missing.contains("keyboard: none connected") == true
        report.check("daemon unplug: status says no keyboard", unbind.status == 0 && noKeyboard,
                     "unbind exit \(unbind.status) \(unbind.output); devices \(gone.map { "\($0.status.devices)" } ?? "still listed")")
        report.check("daemon unplug: session intact while unplugged", comparable(gone?.status.session) == comparable(before),
                     "before \(describe(before)), unplugged \(describe(gone?.status.session))")
        let bindStart = ContinuousClock.now
        let bind = shell(["timeout", "20", "sh", "-c", "echo snd_virmidi.0 > \(driver)/bind"])
        let bound = ContinuousClock.now - bindStart
        let back = waitForStatus(.seconds(10)) { $0.devices.keyboards.contains(virmidiClient) }
        let redetect = back.map { bound + $0.took }
        report.check("daemon re-plug: keyboard back within 5 s", bind.status == 0 && (redetect ?? .seconds(99)) < .seconds(5),
                     "bind exit \(bind.status) took \(bound); status lists it \(redetect.map { "\($0)" } ?? "never") "
                         + "after the bind began")
        report.check("daemon re-plug: same session, counts and progress", comparable(back?.status.session) == comparable(before),
                     "before \(describe(before)), after \(describe(back?.status.session))")
        _ = waitUntil(.seconds(5)) { FileManager.default.fileExists(atPath: virmidiPath) }
        checkRightAnswerJudged("daemon re-plug: a note from the re-plugged keyboard is judged right")
    }

    /// Malformed MIDI and 64 KiB of random bytes into the virmidi device.
    func garbage() {
        let bytes = GarbageBytes.make(seed: 2026, randomCount: 65_536)
        guard let device = RawMIDIDevice(path: virmidiPath) else {
            report.check("daemon garbage: open \(virmidiPath)", false, "errno \(errno)")
            return
        }
        let before = daemon.status()?.session.map(judged) ?? 0
        let start = ContinuousClock.now
        let written = stride(from: 0, to: bytes.count, by: 512).allSatisfy {
            device.write(Array(bytes[$0..<min(bytes.count, $0 + 512)]))
        }
        let settled = settle()
        let judgedNow = settled?.session.map(judged) ?? before
        report.note("""
            garbage: \(bytes.count) bytes (\(GarbageBytes.crafted.map(\.name).joined(separator: ", ")), then 65,536 \
            random, seed 2026), all written: \(written); notes judged from it: \(judgedNow - before), overruns \
            reported so far: \(reportedTotal("MIDI input overrun (")), late notes dropped: \(reportedTotal("are dropped (")); settled after \(ContinuousClock.now - start)
            """)
        report.check("daemon garbage: survives and answers status", daemon.isRunning && settled != nil,
                     "running \(daemon.isRunning), session \(describe(settled?.session))")
        checkRightAnswerJudged("daemon garbage: a proper note-on afterwards is judged right")
    }

    // MARK: - Helpers

    /// Polls `status` every `interval` until `condition` holds; returns it and how long it took.
    func waitForStatus(_ timeout: Duration, every interval: Duration = .milliseconds(50),
                       _ condition: (StatusResult) -> Bool) -> (status: StatusResult, took: Duration)? {
        let start = ContinuousClock.now
        repeat {
            if let status = daemon.status(), condition(status) { return (status, ContinuousClock.now - start) }
            usleep(UInt32(interval.milliseconds * 1000))
        } while ContinuousClock.now - start < timeout
        return nil
    }

    /// Waits until the daemon has judged all it was sent: the count unchanged for a second, and
    /// so are the overruns and late notes it reports (after a flood it drains its backlog, and
    /// overruns, for seconds after the last note it judged: a note played then was lost in a
    /// reported overrun, in two of three runs of 2026-11-29). Asks only every 250 ms: a `status`
    /// costs the daemon about as much as ten notes (debug build, natively 6 ms against 0.55 ms a
    /// note), and under emulation every cost is some 60 times larger.
    ///
    /// Its CPU must be quiet too, at most half of one CPU over the last second (noted): a backlog
    /// of messages that judge nothing (controllers, the wheel, repeats) changes none of the
    /// marks, and a note played behind it reaches the core over two seconds late and is dropped
    /// (one CI run: settled by the marks 3.6 s after the garbage began, and the proper note after
    /// it was never judged).
    func settle(timeout: Duration = .seconds(300)) -> StatusResult? {
        var last: (marks: [Int], since: ContinuousClock.Instant)?
        var cpu: [(at: ContinuousClock.Instant, seconds: Double)] = []
        var lastShare: Double?
        defer { report.note("settle: the daemon used \(lastShare.map { String(format: "%.2f", $0) } ?? "?") of a CPU over its last second") }
        return waitForStatus(timeout, every: .milliseconds(250)) { status in
            let marks = [status.session.map(judged) ?? -1, reportedTotal("MIDI input overrun ("), reportedTotal("are dropped (")]
            if last?.marks != marks { last = (marks, .now) }
            if let seconds = daemon.cpuSeconds() { cpu.append((.now, seconds)) }
            // The share of a CPU the daemon used over the last second (and more): a backlog keeps
            // it near one; the probe's own `status` calls (every 100 ms in the flood) cost some.
            let share = cpu.last { ContinuousClock.now - $0.at >= .seconds(1) }.map { then in
                (cpu.last!.seconds - then.seconds) / (ContinuousClock.now - then.at).seconds
            }
            lastShare = share
            let quiet = share.map { $0 <= 0.5 } ?? false
            return ContinuousClock.now - last!.since >= .seconds(1) && quiet
        }?.status
    }

    /// How many notes the session has judged.
    func judged(_ session: SessionStatus) -> Int { session.correct + session.errors }

    /// The session without its clock, to compare before and after.
    func comparable(_ session: SessionStatus?) -> SessionStatus? {
        guard var session else { return nil }
        session.elapsedSeconds = 0
        return session
    }

    func describe(_ session: SessionStatus?) -> String {
        guard let s = session else { return "no session" }
        return "\(s.kind) \(s.text("mode") ?? "") \(s.root) seed \(s.seed): \(s.correct) right, \(s.errors) wrong, "
            + "progress \(s.progress ?? -1)/\(s.total ?? -1)"
    }
}
