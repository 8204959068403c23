import ControlProtocol
import Training
import Foundation
import VMProbeSupport

extension DaemonFaults {
    /// A chord through the kernel's sequencer: a chord session on C, three keys pressed at once on
    /// the virmidi keyboard (one write, as a player's hand), judged as one answer: C major on C is
    /// wrong and heard as C major, then C minor (E♭ G C, an inversion) is right.
    func chordThroughSequencer() {
        var params = SessionStartParams(kind: ExerciseKind(rawValue: "chord")!)
        params.set("qualities", .array([.string("minor")]))
        params.set("root", .string("C"))
        params.seed = 3
        let started = daemon.call("session.start", Wire.value(params))
        report.check("daemon chord: a chord session starts", started?.error == nil,
                     "\(started.map { "\($0.error?.message ?? "ok")" } ?? "no answer")")
        let major = playTogether([48, 52, 55])
        report.check("daemon chord: C E G pressed together are one answer, wrong",
                     major?.correct == 0 && major?.errors == 1, "\(describe(major))")
        let minor = playTogether([51, 55, 60])
        report.check("daemon chord: E♭ G C pressed together are one answer, right (an inversion)",
                     minor?.correct == 1 && minor?.errors == 1, "\(describe(minor))")
    }

    /// Note-ons of `notes` in one write, then their note-offs; the session once judged.
    private func playTogether(_ notes: [Int]) -> SessionStatus? {
        let before = daemon.status()?.session.map(judged)
        let ons = notes.flatMap { [0x90, UInt8($0), 100] as [UInt8] }
        let offs = notes.flatMap { [0x80, UInt8($0), 0] as [UInt8] }
        guard RawMIDIDevice(path: virmidiPath)?.write(ons + offs) == true else { return nil }
        return waitForStatus(.seconds(10)) { $0.session.map(judged) != before }?.status.session
    }
}
