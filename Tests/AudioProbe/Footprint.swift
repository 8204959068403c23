import Foundation
import VMProbeSupport

/// The footprint benchmark: resident memory and idle CPU of the daemon against `fluidsynth -is` with
/// the same SoundFont and buffer, in the same VM and the same seconds. fluidsynth runs twice on other
/// subdevices of the loopback: as `fluidsynth -is` (its defaults: reverb and chorus on, the whole
/// SoundFont in memory) and with reverb and chorus off as the daemon has them. The cello is selected in
/// both. CPU is utime + stime from /proc/PID/stat over the window; RSS is VmRSS at its end.
struct Footprint {
    let report: Report
    let daemonPID: Int32
    let soundFont: String
    let period: Int
    let periods: Int
    let seconds: Int
    /// Whether the goals fail the scenario (make test-vm-audio) or are only reported (make test).
    let goalsAreChecks: Bool
    let out: String

    struct Sample {
        let rssKiB: Int
        let cpuTicks: Int
    }

    static func sample(_ pid: Int32) -> Sample? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after "(comm)": state is field 3, utime 14 and stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let utime = Int(fields[11]), let stime = Int(fields[12]),
              let rss = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })?
                .split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return Sample(rssKiB: rss, cpuTicks: utime + stime)
    }

    func fluidsynth(_ label: String, subdevice: Int, extra: [String]) -> Child? {
        let commands = out + "/fluidsynth-\(label).cmd"
        try? "prog 0 42\n".write(toFile: commands, atomically: true, encoding: .utf8)
        return try? Child(["fluidsynth", "-is", "-a", "alsa", "-r", "48000", "-o", "audio.alsa.device=hw:Loopback,0,\(subdevice)",
                           "-o", "audio.period-size=\(period)", "-o", "audio.periods=\(periods)", "-o", "audio.sample-format=float",
                           "-o", "shell.port=\(9800 + subdevice)", "-f", commands] + extra + [soundFont],
                          log: out + "/fluidsynth-\(label).log")
    }

    /// Measures; returns the figures for bench.json (process name → RSS MiB and CPU seconds), empty when it failed.
    @discardableResult
    func run() -> [String: [String: Double]] {
        let peers = [("defaults", fluidsynth("defaults", subdevice: 1, extra: [])),
                     ("no-effects", fluidsynth("no-effects", subdevice: 2, extra: ["-R", "0", "-C", "0"]))]
        // Both play once their SoundFont is loaded (10-30 s under emulation); then everything settles.
        let playing = waitUntil(.seconds(90)) {
            (1...2).allSatisfy { ((try? String(contentsOfFile: "/proc/asound/Loopback/pcm0p/sub\($0)/status", encoding: .utf8)) ?? "").contains("RUNNING") }
        }
        report.note("footprint: both fluidsynths playing: \(playing)")
        sleep(5)
        let pids = [("eartrainerd", daemonPID)] + peers.compactMap { name, child in child.map { ("fluidsynth -is (\(name))", $0.process.processIdentifier) } }
        let first = pids.map { Self.sample($0.1) }
        sleep(UInt32(seconds))
        let last = pids.map { Self.sample($0.1) }
        for (_, child) in peers { _ = child?.stop() }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var rows: [(name: String, rss: Double, cpu: Double)] = []
        for (index, (name, _)) in pids.enumerated() {
            guard let a = first[index], let b = last[index] else { continue }
            rows.append((name, Double(b.rssKiB) / 1024, Double(b.cpuTicks - a.cpuTicks) / ticks))
        }
        guard rows.count == 3 else {
            report.check("footprint measured", false, "samples: \(rows.map(\.name)); fluidsynth logs in \(out)")
            return [:]
        }
        var table = "idle \(seconds) s, \(period) x \(periods) frames at 48 kHz, cello selected\n| process | RSS MiB | CPU s | CPU % |\n| --- | --- | --- | --- |\n"
        for row in rows { table += "| \(row.name) | \(f(row.rss, 1)) | \(f(row.cpu, 2)) | \(f(100 * row.cpu / Double(seconds), 2)) |\n" }
        for peer in rows.dropFirst() {
            table += "eartrainerd / \(peer.name): RSS \(f(rows[0].rss / peer.rss, 3)), CPU \(f(rows[0].cpu / peer.cpu, 3))\n"
        }
        report.note(table)
        try? table.write(toFile: out + "/footprint.md", atomically: true, encoding: .utf8)
        report.check("footprint measured", true, "eartrainerd \(f(rows[0].rss, 1)) MiB, \(f(rows[0].cpu, 2)) s CPU in \(seconds) s")
        let peer = rows[1]
        let goals = [("footprint: RSS within 0.5x of fluidsynth -is", rows[0].rss <= 0.5 * peer.rss, f(rows[0].rss / peer.rss, 3)),
                     ("footprint: idle CPU within 0.5x of fluidsynth -is", rows[0].cpu <= 0.5 * peer.cpu, f(rows[0].cpu / peer.cpu, 3))]
        for (goal, met, ratio) in goals {
            if goalsAreChecks { report.check(goal, met, ratio) } else { report.note("\(goal): \(met ? "met" : "NOT met") (\(ratio); a figure here, a check in make test-vm-audio)") }
        }
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.name, ["rss_mib": $0.rss, "cpu_s": $0.cpu, "seconds": Double(seconds)]) })
    }
}
