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
        let (stream, request) = AsyncStream.makeStream(of: Int.self)
        // How often the coalescer has asked for a request: it asks for the next only once it has
        // marked the last, so its 33rd ask means all 32 are marked. Released before that, a
        // reader left behind on a busy machine marked the last few after the second run began,
        // made a third that waited for a release that never came, and the test hung.
        let asked = Mutex(0)
        let requests = Counted(base: stream) { asked.withLock { $0 += 1 } }
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
        while asked.withLock({ $0 }) < 33 { try await Task.sleep(for: .milliseconds(1)) }
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

/// `base`, calling `asked` each time its next element is asked for.
private struct Counted<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element: Sendable {
    let base: Base
    let asked: @Sendable () -> Void

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let asked: @Sendable () -> Void

        mutating func next() async throws -> Base.Element? {
            asked()
            return try await base.next()
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator(), asked: asked) }
}
