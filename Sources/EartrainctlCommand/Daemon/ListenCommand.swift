import ArgumentParser
import ClientViews
import ControlProtocol
import Foundation
import Glibc
import MusicTheory

/// `eartrainctl listen`: a tuner. The pitch the daemon's listening input hears now, as the note of
/// a tuning nearest to it and its cents, with a needle and the in-tune band, ten times a second
/// until interrupted (on a terminal, one line rewritten; otherwise a line a reading); `--once`
/// prints one reading.
struct ListenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen", abstract: "A tuner: what the listening input hears, as a note and its cents in a tuning.")

    @Option(help: "The tuning the notes are in: equal, just or pythagorean (default: equal).")
    var tuning: String = TuningSystem.equalTemperament.rawValue
    @Option(help: "The key's tonic that just and Pythagorean notes are tuned from (default: C).")
    var key: String = "C"
    @Option(name: .customLong("a4"), help: ArgumentHelp("A4 in hertz, 380-500 (default: 440).", valueName: "hertz"))
    var a4: String = "440"
    @Option(help: ArgumentHelp("Cents either way counted in tune (default: 15).", valueName: "cents"))
    var tolerance: Double = 15
    @Flag(help: "Print one reading and exit.")
    var once = false
    @OptionGroup var connection: ConnectionOptions

    /// The options as the tuner reads them; `validate()` has checked them.
    private var tuner: (tuning: TuningSystem, key: PitchClass, reference: ReferencePitch) {
        (TuningSystem(rawValue: tuning)!, try! PitchClass(parsing: key), try! ReferencePitch(parsing: a4))
    }

    func validate() throws {
        guard TuningSystem(rawValue: tuning) != nil else { throw ValidationError("the tuning is equal, just or pythagorean, not \(tuning)") }
        do { _ = try PitchClass(parsing: key) } catch { throw ValidationError("the key is a note name such as C, F# or Bb, not \(key)") }
        do { _ = try ReferencePitch(parsing: a4) } catch { throw ValidationError("A4 is 380-500 Hz, not \(a4)") }
        guard (0...50).contains(tolerance) else { throw ValidationError("the tolerance is 0-50 cents, not \(tolerance)") }
    }

    func run() async throws {
        let link = try await connection.connect()
        let live = !once && isatty(STDOUT_FILENO) == 1
        let (tuning, key, reference) = tuner
        while true {
            let raw = try await ConnectionOptions.call(link, Methods.status.name.rawValue)
            let status = try Wire.decode(StatusResult.self, from: raw)
            guard let listen = status.devices.listen else {
                printError("eartrainctl: the daemon has no listening input: set [listen] driver in its config (docs/listening.md)")
                throw ExitCode(ExitCodes.daemonError)
            }
            if connection.json {
                print(Wire.encode(Wire.value(listen)))
            } else if !listen.listening {
                print("not listening: " + (listen.problem ?? "no samples yet from \(listen.device)"))
            } else {
                let reading = listen.hertz.flatMap { TunerReading(hertz: $0, tuning: tuning, key: key, reference: reference) }
                let line = TunerLine.text(reading, levelDB: listen.levelDB, tolerance: tolerance)
                if live { print("\r" + line, terminator: "") } else { print(line) }
                fflush(nil)
            }
            if once { return }
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}
