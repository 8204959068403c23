import ControlProtocol
import Foundation
import Training
import VMProbeSupport

extension DaemonFaults {
    /// The pitch-bend wheel through the kernel's sequencer: a match session whose held note starts
    /// at most 5 c off, malformed and out-of-range wheel bytes first (dropped, harmless), then the
    /// wheel at +4096 (+100 c at the shipped ±2 semitones) and a key to confirm. Judged off by
    /// 95-105 c: the bend reached the engine (without it the error would be at most 5 c).
    func wheelThroughSequencer() {
        var params = SessionStartParams(kind: ExerciseKind(rawValue: "match")!)
        params.set("root", .string("A3"))
        params.set("detune", .number(5))
        params.set("tolerance", .number(50))
        params.seed = 4
        let started = daemon.call("session.start", Wire.value(params))
        report.check("daemon wheel: a match session starts", started?.error == nil,
                     "\(started.map { "\($0.error?.message ?? "ok")" } ?? "no answer")")
        // A bend whose data bytes have the top bit set (no valid message), one cut short by a
        // note-off, then the wheel all the way down and back up to +4096 (E0 lsb msb, 14 bits).
        let wheel: [UInt8] = [0xE0, 0xFF, 0x80, 0xE0, 0x10, 0x80, 60, 0, 0xE0, 0x00, 0x00, 0xE0, 0x00, 0x60]
        guard RawMIDIDevice(path: virmidiPath)?.write(wheel) == true else {
            report.check("daemon wheel: the bend is written", false, "cannot write \(virmidiPath)")
            return
        }
        usleep(300_000)
        let judgedSession = play(60)
        let stopped = daemon.call("session.stop")
        var cents: Double?
        if let result = stopped?.result { cents = (try? Wire.decode(ResultsReport.self, from: result))?.meanAbsoluteCents }
        report.check("daemon wheel: the wheel at +4096 through the sequencer is read by the judge (error 95-105 c)",
                     judgedSession?.errors == 1 && daemon.isRunning && cents.map { (95...105).contains($0) } == true,
                     "\(describe(judgedSession)); mean absolute error \(cents.map { String($0) } ?? "none")")
    }
}
