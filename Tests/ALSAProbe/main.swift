// alsa-probe: runs the ALSA input scenarios against the kernel's sequencer. Meant to run
// inside the VM (scripts/vm/guest.sh) as root, with snd-seq and snd-virmidi NOT yet loaded: the first
// scenario loads them. Prints one PASS/FAIL line per check, writes them to OUTDIR/results.txt and
// the latency table to OUTDIR/latency.md, and exits 1 when any check failed. Last, the MIDI faults of
// against eartrainerd (built beside it) while it runs a session; its log goes to OUTDIR.
import ALSASequencer
import Foundation
import Logging
import VMProbeSupport

let outDirectory = CommandLine.arguments.dropFirst().first ?? "."
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .info
    return handler
}
let report = Report(name: "alsa-vm")
let scenarios = Scenarios(report: report)

scenarios.noSequencerThenModules()
report.note("ports: \(shell(["aconnect", "-l"]).output)")
let main = Collector(scenarios.fast, label: "main")
scenarios.presentAtStart(main)
scenarios.velocityZero(main)
if let keyboard = scenarios.pluggedInLater(main) {
    scenarios.unplugAndReplug(main, keyboard: keyboard)
}
scenarios.flood(main)
scenarios.aconnectHonoured()
let latency = LatencyBenchmark(report: report).run(main)
scenarios.kernelUnplug(main)
report.check("main input still running", !main.streamFinished, "status \(main.input.status), overruns \(main.input.overruns)")
main.stop()
_ = waitUntil(.seconds(10)) { main.streamFinished }

// MIDI faults against the real daemon, with a session running (DaemonFaults).
do {
    let daemon = try DaemonUnderTest(keyboard: scenarios.virmidiClient)
    let faults = DaemonFaults(report: report, daemon: daemon, virmidiPath: scenarios.virmidiPath,
                              virmidiClient: scenarios.virmidiClient)
    if faults.startSession() {
        faults.unplugAndReplug()
        faults.garbage()
        faults.flood()
        faults.chordThroughSequencer()
        faults.rhythmThroughSequencer()
        faults.wheelThroughSequencer()
    }
    let exit = daemon.stop(copyingLogTo: outDirectory)
    report.check("daemon: exits cleanly on SIGTERM", exit == 0, "exit \(exit.map { "\($0)" } ?? "killed")")
} catch {
    report.check("daemon: starts", false, "\(error)")
}

try? latency.write(toFile: outDirectory + "/latency.md", atomically: true, encoding: .utf8)
try? report.text.write(toFile: outDirectory + "/results.txt", atomically: true, encoding: .utf8)
print(report.summary)
exit(report.failed == 0 ? 0 : 1)
