import ConfigFile
@testable import DaemonApp
import Synchronization
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

    @Test("31 requests while a run is going make one more run, not 31; cancelling ends the wait at once")
    func coalesced() async throws {
        let (requests, request) = AsyncStream.makeStream(of: Int.self)
        let runs = Mutex(0)
        let (entered, enter) = AsyncStream.makeStream(of: Void.self)
        let (released, release) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let serving = Task {
            var waiting = released.makeAsyncIterator()
            await forEachCoalesced(requests) {
                runs.withLock { $0 += 1 }
                enter.yield()
                _ = await waiting.next()
            }
        }
        var runsEntered = entered.makeAsyncIterator()
        request.yield(0)
        _ = await runsEntered.next()  // the first run is going, and waits
        for signal in 1...31 { request.yield(signal) }
        release.yield()
        _ = await runsEntered.next()  // one more run for the 31
        release.yield()
        request.finish()
        await serving.value
        #expect(runs.withLock { $0 } == 2)

        let (forever, _) = AsyncStream.makeStream(of: Int.self)
        let waiting = Task { await forEachCoalesced(forever) {} }
        waiting.cancel()
        await waiting.value  // returns: a stop does not wait for another request
    }
}
