import ConfigFile
@testable import DaemonApp
import Testing
import Training

/// What the reload's stdout line says must wait for a restart.
@Suite("Reload: what needs a restart")
struct ReloadServiceTests {
    @Test("training applies in place; keyboards, audio, socket and storage are named")
    func restartOnly() {
        let old = EartrainerConfig.defaults
        var inPlace = old
        inPlace.training.settings.tuningSystem = .justIntonation
        var interval = IntervalExercise()
        interval.triesBeforeReveal = 1
        inPlace.training.exercises.set(interval)
        #expect(ReloadService.restartOnlyChanges(from: old, to: inPlace).isEmpty)

        var all = inPlace
        all.midi.keyboards = ["Digital Piano"]
        all.audio.periods = 4
        all.socket.maxClients = 2
        all.storage.profile = "ada"
        #expect(ReloadService.restartOnlyChanges(from: old, to: all) == ["midi.keyboards", "[audio]", "[socket]", "[storage]"])
    }

    @Test("the line names the changed sections, then what needs a restart only when something does")
    func message() {
        #expect(ReloadService.appliedMessage(source: "a.toml", changed: ["training"], restartOnly: [])
            == "config reloaded from a.toml (changed: training); it applies from the next prompt")
        #expect(ReloadService.appliedMessage(source: "a.toml", changed: ["audio", "training"], restartOnly: ["[audio]"])
            == "config reloaded from a.toml (changed: audio, training); it applies from the next prompt; needs a restart: [audio]")
        #expect(ReloadService.appliedMessage(source: "a.toml", changed: [], restartOnly: [])
            == "config reloaded from a.toml (nothing changed); it applies from the next prompt")
    }
}
