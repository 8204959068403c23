import ControlProtocol
import Foundation
import VMProbeSupport

/// Key to sound as the daemon measured it of itself, after keys from the fake keyboard:
/// `status --json`'s `devices.input_to_sound` must be there and plausible, above the buffer's
/// latency (the device's delay is counted in it) and under 100 ms. The figure goes to
/// OUTDIR/input-to-sound.md beside the capture's own note-on-to-sound figures.
struct InputToSoundCheck {
    let report: Report
    let socket: String
    let bin: String
    /// The buffer latency configured, in milliseconds: period size × periods / rate.
    let bufferMilliseconds: Double
    let out: String

    func run() {
        let status = shell([bin + "/eartrainctl", "status", "--json", "--socket", socket]).output
        let decoded = try? JSONDecoder().decode(StatusResult.self, from: Data(status.utf8))
        guard let figures = decoded?.devices.inputToSound else {
            report.check("status reports key to sound after the keyboard's keys", false, "no devices.input_to_sound in \(status)")
            return
        }
        let (last, median, keys) = (figures.lastMilliseconds, figures.medianMilliseconds, figures.keys)
        let line = "status's key to sound: last \(last) ms, median \(median) ms over \(keys) keys (buffer \(bufferMilliseconds) ms)"
        try? (line + "\n").write(toFile: out + "/input-to-sound.md", atomically: true, encoding: .utf8)
        let plausible = keys > 0 && median > bufferMilliseconds && median < 100 && last > bufferMilliseconds && last < 100
        report.check("status reports key to sound above the buffer's latency and under 100 ms", plausible, line)
    }
}
