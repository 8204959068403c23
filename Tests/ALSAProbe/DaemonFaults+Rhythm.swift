import ControlClient
import ControlProtocol
import Foundation
import Training
import VMProbeSupport

extension DaemonFaults {
    /// A rhythm through the kernel's sequencer: the virmidi keyboard plays a rhythm session's
    /// pattern at known times, and the onsets the daemon judged are the times sent — on a quiet
    /// machine and with every CPU kept busy (the input thread then reads late; the sequencer's own
    /// timestamps must not). Their median error is within 5 ms and none is beyond 10 ms: under
    /// emulation the kernel once stamped one onset of four 5.84 ms late on a quiet run (the others
    /// within 0.45 ms), as the virmidi path's arrival times reach 12 ms at their worst
    /// (docs/benchmarks.md, "ALSA input latency"). The kernel stamps a note somewhere inside the
    /// `write` that sends it, and under emulation a write can take 9 ms on a quiet machine (the
    /// virtual CPU descheduled), so the error counted is what lies beyond half of the write's
    /// length (and the first note's, the origin): a CI run read 11.29 ms from the middles alone.
    func rhythmThroughSequencer() {
        var params = SessionStartParams(kind: ExerciseKind(rawValue: "rhythm")!)
        params.set("root", .string("C3"))
        params.set("tempo", .number(120))
        params.set("level", .number(2))
        params.set("tries", .number(20))
        params.seed = 5
        let started = daemon.call("session.start", Wire.value(params))
        report.check("daemon rhythm: a rhythm session starts", started?.error == nil,
                     "\(started.map { "\($0.error?.message ?? "ok")" } ?? "no answer")")
        let socketPath = daemon.socketPath
        let subscribed = awaited { () -> ControlConnection? in
            guard let events = try? await ControlConnection(path: socketPath, timeout: .seconds(15)),
                  (try? await events.call(Method.subscribe.rawValue, params: Wire.value(SubscribeParams(topics: [.answer])))) != nil
            else { return nil }
            return events
        }
        guard let events = subscribed else {
            report.check("daemon rhythm: subscribe to answers", false, "no connection")
            return
        }
        for loaded in [false, true] {
            // Every sixteenth of the bar at 120 BPM: too many notes, but one on each onset asked,
            // so the judgement gives the onsets this question asks (each question has its own
            // pattern; an onset not played has no time while the question is open).
            sendNotes(at: (0..<16).map { .milliseconds(125 * $0) })
            guard let probe = nextJudgement(events), let asked = onsets(probe)?.map(\.expected), asked.count >= 2 else {
                report.check("daemon rhythm: the onsets asked, from a first try", false, "no judgement")
                return
            }
            report.note("rhythm asked: \(asked.map { String(format: "%.3f", $0) }.joined(separator: " ")) s")
            // It was judged at the onset due last: the notes after that are a try of their own.
            if probe["keys"]?.arrayValue.count ?? 0 < 16 { _ = nextJudgement(events) }
            let burners = loaded ? Self.burnEveryCPU() : nil
            usleep(300_000)
            let sent = sendNotes(at: asked.map { .seconds($0) })
            let judged = nextJudgement(events)
            burners?.stop()
            let played = judged.flatMap(onsets)?.map(\.played) ?? []
            // A write the probe was held up in leaves its note's time uncertain by half its
            // length (and the first note's, the origin of both): only the error beyond that counts.
            let raw = zip(played, sent).map { played, note in played.map { abs($0 - note.time) * 1000 } ?? .infinity }
            let origin = sent.first?.uncertainty ?? 0
            let errors = zip(raw, sent).enumerated().map { index, pair in
                max(0, pair.0 - (index == 0 ? 0 : pair.1.uncertainty + origin) * 1000)
            }
            let worst = errors.max() ?? .infinity
            // The first onset is the origin of both (error 0): the median is of the others.
            let others = errors.dropFirst().sorted()
            let median = others.isEmpty ? .infinity : others[others.count / 2]
            let name = loaded ? "with every CPU busy" : "on a quiet machine"
            report.check("daemon rhythm: onsets judged at the times sent (median within 5 ms, none beyond 10 ms), \(name)",
                         played.count == sent.count && median <= 5 && worst <= 10,
                         String(format: "median %.2f ms, worst %.2f ms over %d onsets", median, worst, errors.count))
            report.note(String(format: "rhythm %@: worst %.3f ms, errors %@ ms beyond the writes' length (%@ ms from their middles); "
                               + "writes took %@ ms", name, worst,
                               errors.map { String(format: "%.2f", $0) }.joined(separator: " "),
                               raw.map { String(format: "%.2f", $0) }.joined(separator: " "),
                               sent.map { String(format: "%.2f", $0.uncertainty * 2000) }.joined(separator: " ")))
        }
    }

    /// A note-on written: when, in seconds from the first (the middle of its `write`), and half
    /// the time its `write` took (the kernel stamps it somewhere inside).
    struct SentNote {
        let time: Double
        let uncertainty: Double
    }

    /// Note-ons (each with its note-off) of C3 on the virmidi keyboard at `times` from now.
    @discardableResult
    private func sendNotes(at times: [Duration]) -> [SentNote] {
        guard let device = RawMIDIDevice(path: virmidiPath) else { return [] }
        let start = ContinuousClock.now + .milliseconds(50)
        var written: [(middle: ContinuousClock.Instant, took: Duration)] = []
        for time in times {
            let due = start + time
            // Sleep most of the wait, then spin the last 2 ms for an exact write.
            let wait = due - ContinuousClock.now - .milliseconds(2)
            if wait > .zero { usleep(UInt32(wait.milliseconds * 1000)) }
            while ContinuousClock.now < due {}
            // The kernel stamps the note inside the write: its time is taken as the middle of it.
            let before = ContinuousClock.now
            _ = device.write([0x90, 48, 100])
            let took = ContinuousClock.now - before
            written.append((before + took / 2, took))
            _ = device.write([0x80, 48, 0])
        }
        return written.map { note in
            SentNote(time: (note.middle - written[0].middle).seconds, uncertainty: note.took.seconds / 2)
        }
    }

    /// The next `note_judged` event's details, within 15 s.
    private func nextJudgement(_ connection: ControlConnection) -> JSONValue? {
        let deadline = ContinuousClock.now + .seconds(15)
        while ContinuousClock.now < deadline {
            guard let notification = awaited({ try? await connection.nextNotification() }) else { return nil }
            if notification.params["type"]?.stringValue == "note_judged" { return notification.params["details"] }
        }
        return nil
    }

    /// The judged onsets: each asked time and the time played, in seconds from the first.
    private func onsets(_ details: JSONValue) -> [(expected: Double, played: Double?)]? {
        details.decoded(as: RhythmJudgement.self)?.onsets.map { (expected: $0.expectedSeconds ?? -1, played: $0.playedSeconds) }
    }

    /// Threads spinning on every CPU until stopped.
    static func burnEveryCPU() -> Burners {
        let burners = Burners()
        for _ in 0..<max(2, ProcessInfo.processInfo.activeProcessorCount * 2) {
            Thread { while !burners.stopped { _ = (0..<1000).reduce(0, &+) } }.start()
        }
        return burners
    }

    final class Burners: @unchecked Sendable {
        private let flag = NSLock()
        private var done = false
        var stopped: Bool { flag.lock(); defer { flag.unlock() }; return done }
        func stop() { flag.lock(); done = true; flag.unlock() }
    }
}
