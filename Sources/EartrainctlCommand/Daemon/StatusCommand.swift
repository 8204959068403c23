import ArgumentParser
import ControlProtocol
import Foundation
import MusicTheory
import Training

/// `eartrainctl status`: the session, the devices, the statistics store.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Show what the daemon is doing.")

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let (raw, status) = try await connection.call(Methods.status, NoParams())
        if connection.json {
            print(Wire.encode(raw))
            return
        }
        print(StatusText.lines(status).joined(separator: "\n"))
    }
}

/// The status as a person reads it.
enum StatusText {
    static func lines(_ status: StatusResult) -> [String] {
        var lines = ["\(status.daemon), up \(duration(status.uptimeSeconds))"]
        if let session = status.session {
            lines += sessionLines(session)
        } else if let ready = status.ready {
            lines.append("session: none; ready: \(ready.exercise), play any key to begin")
        } else {
            lines.append("session: none (start one with `eartrainctl start scale --mode dorian --root D`)")
        }
        if let plan = status.plan { lines.append("plan: \(plan.name), " + plan.summary) }
        let devices = status.devices
        lines.append("keyboard: " + (devices.keyboard ? devices.keyboards.joined(separator: ", ")
            : devices.sequencer ? "none connected" : "no ALSA sequencer"))
        lines.append("sound: " + (devices.sound ? (devices.soundDevice ?? "on") : "off (\(devices.soundDevice ?? "no device"))"))
        if let latency = devices.inputToSound { lines.append("key to sound: \(latency)") }
        if let listen = devices.listen { lines.append("listen: " + listenLine(listen)) }
        lines.append("statistics: \(status.storage)" + (status.profile.map { ", profile \($0)" } ?? ""))
        return lines
    }

    /// The running session in three lines: what, how it goes, what is asked now.
    static func sessionLines(_ session: SessionStatus) -> [String] {
        let what = ExerciseCatalog.module(named: session.kind.rawValue)?.statusSummary(fields: session.fields, root: session.root)
            ?? "\(session.kind) from \(session.root)"
        var lines = ["session: \(what), \(session.correct) correct, \(session.errors) \(session.errors == 1 ? "error" : "errors"), \(duration(session.elapsedSeconds))"]
        if let prompt = session.prompt {
            let progress = session.progress.map { "  (\($0)/\(session.total ?? 8))" } ?? ""
            lines.append("  now: \(prompt)\(progress)")
        }
        lines.append("  tuning \(session.tuning), seed \(session.seed)")
        return lines
    }

    /// `file /run/eartrainer/listen.wav, hearing 48000 Hz, 1 channel, 16-bit, -23.5 dB, 8 notes (onset to judgement 95 ms), 4 claps`,
    /// or why it is not listening.
    static func listenLine(_ listen: ListenStatus) -> String {
        let what = "\(listen.driver) \(listen.device)"
        guard listen.listening else { return "\(what), not listening (\(listen.problem ?? "no stream"))" }
        var parts = [what, "hearing " + (listen.format ?? "a stream")]
        if let level = listen.levelDB { parts.append(String(format: "%.1f dB", level)) }
        let late = listen.listenToJudgement.map { String(format: " (onset to judgement %.0f ms)", $0) } ?? ""
        parts.append("\(listen.notesHeard) note\(listen.notesHeard == 1 ? "" : "s")\(late)")
        if listen.tapsHeard > 0 { parts.append("\(listen.tapsHeard) clap\(listen.tapsHeard == 1 ? "" : "s")") }
        if listen.ownSound > 0 { parts.append("\(listen.ownSound) left out as its own sound") }
        if listen.overruns > 0 { parts.append("\(listen.overruns) overrun\(listen.overruns == 1 ? "" : "s") (samples lost)") }
        return parts.joined(separator: ", ")
    }

    /// `1h 2m 3s`, `4m 5s`, `12.4s`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 60 { return String(format: "%.1fs", seconds) }
        let whole = Int(seconds)
        let (hours, minutes, rest) = (whole / 3600, whole % 3600 / 60, whole % 60)
        return hours > 0 ? "\(hours)h \(minutes)m \(rest)s" : "\(minutes)m \(rest)s"
    }
}
