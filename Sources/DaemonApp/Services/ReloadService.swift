import Configuration
import Daemon
import Foundation
import ServiceLifecycle
import UnixSignals

/// SIGHUP re-reads the config file: a valid one applies from the next prompt, an invalid one is
/// reported and the old config stays in force.
struct ReloadService: Service {
    /// Trapped before the socket opens, so a SIGHUP from anyone who saw the daemon up is kept.
    let hangups: UnixSignalsSequence
    let reloader: ConfigReloader
    let core: DaemonCore
    let reporter: StdoutReporter
    let notifier: SystemdNotifier

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            for await _ in hangups {
                notifier.reloading()
                switch reloader.reload() {
                case .applied(let changed):
                    await core.apply(reloader.config.training.trainingSettings)
                    await core.setControls(reloader.config.midi.controls)
                    let what = changed.isEmpty ? "nothing changed" : "changed: " + changed.joined(separator: ", ")
                    reporter.say("config reloaded from \(reloader.source) (\(what)); it applies from the next prompt")
                case .rejected(let error):
                    reporter.say("config reload refused, the previous config stays in force: \(error)", warning: true)
                    FileHandle.standardError.write(Data("eartrainerd: \(error)\n".utf8))
                }
                notifier.ready(status: "config reloaded")
            }
        }
    }
}
