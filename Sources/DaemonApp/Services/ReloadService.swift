import ConfigFile
import Daemon
import Foundation
import ServiceLifecycle
import Training
import UnixSignals

/// SIGHUP re-reads the config file: a valid one applies what a running daemon can apply (all of
/// `[training]`, the exercise defaults of the next `session.start` included, and
/// `[midi.controls]`) from the next prompt, and names what waits for a restart; an invalid one
/// is reported and the old config stays in force.
struct ReloadService: Service {
    /// Trapped before the socket opens, so a SIGHUP from anyone who saw the daemon up is kept.
    let hangups: UnixSignalsSequence
    let reloader: ConfigReloader
    let core: DaemonCore
    let reporter: StdoutReporter
    let notifier: SystemdNotifier
    /// The lesson plan's follower: a changed `training.plan` is followed from the reload on.
    var plan: PlanFollower? = nil
    /// The plan a class's hub assigned, followed over `training.plan` (docs/class.md).
    var assigned: @Sendable () -> LessonPlan? = { nil }

    /// SIGHUPs that come while a reload runs make one more reload after it, not one each: a
    /// burst of them re-reads the file once or twice, and a SIGTERM never waits behind a queue.
    /// Stopping cancels a reload in progress (its checker is ended).
    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            await forEachCoalesced(hangups) { await reload() }
        }
    }

    /// One reload: the file read, checked and applied, or refused.
    private func reload() async {
        notifier.reloading()
        let before = reloader.config
        switch reloader.reload() {
        case .applied(let changed):
            await core.apply(reloader.config.training.settings)
            await core.setControls(reloader.config.midi.controls)
            if let plan {
                await DaemonApplication.follow(reloader.config.training, assigned: assigned(), with: plan, core: core, reporter: reporter)
            }
            // A changed `training.exercise` (or its defaults) is what the next key begins.
            await core.prepare(reloader.config.training.defaultExercise)
            reporter.say(Self.appliedMessage(source: "\(reloader.source)", changed: changed,
                                             restartOnly: Self.restartOnlyChanges(from: before, to: reloader.config)))
        case .rejected(let error):
            reporter.say("config reload refused, the previous config stays in force: \(error)", warning: true)
            FileHandle.standardError.write(Data("eartrainerd: \(error)\n".utf8))
        }
        notifier.ready(status: "config reloaded")
    }

    /// The reload's stdout line: what changed, and which of it waits for a restart.
    static func appliedMessage(source: String, changed: [String], restartOnly: [String]) -> String {
        let what = changed.isEmpty ? "nothing changed" : "changed: " + changed.joined(separator: ", ")
        let restart = restartOnly.isEmpty ? "" : "; needs a restart: " + restartOnly.joined(separator: ", ")
        return "config reloaded from \(source) (\(what)); it applies from the next prompt\(restart)"
    }

    /// The changed parts a running daemon keeps as they were at start: the keyboards it listens
    /// to, the synthesizer and audio device, the control socket and its access, the database and
    /// the default profile.
    static func restartOnlyChanges(from old: EartrainerConfig, to new: EartrainerConfig) -> [String] {
        var names: [String] = []
        if old.midi.keyboards != new.midi.keyboards { names.append("midi.keyboards") }
        if old.audio != new.audio { names.append("[audio]") }
        if old.socket != new.socket { names.append("[socket]") }
        if old.storage != new.storage { names.append("[storage]") }
        return names
    }
}
