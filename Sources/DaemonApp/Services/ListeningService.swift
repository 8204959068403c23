import ConfigFile
import Daemon
import Foundation
import MusicTheory
import ServiceLifecycle
import SoundInput

/// The listening input (`[listen]`): its samples read and tracked on a thread of its own, each
/// note that begins and each onset (a clap) handed to the core as it is heard, the level kept
/// for `status`. A capture device taken away, a named pipe whose writer goes away, or a path not
/// there yet, is opened again a second later (a recorder started again is heard again); a file read to its end has
/// been judged, and is left.
struct ListeningService: Service {
    let core: DaemonCore
    let config: ListenConfig
    let reporter: StdoutReporter
    /// The capture device's source, for the `alsa` driver.
    let capture: (@Sendable (String) throws -> any SampleSource)?
    /// How long to wait before opening the input again.
    var retry: Duration = .seconds(1)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            var lastProblem: String?
            while !Task.isCancelled {
                let (problem, heardAny) = await listenOnce()
                core.listening.ended(problem)
                if problem != lastProblem || heardAny {
                    reporter.say("listen: \(problem)", warning: !heardAny)
                }
                lastProblem = problem
                if heardAny && config.driver == .file && Self.isRegularFile(config.device) { return }
                try? await Task.sleep(for: retry)
            }
        }
    }

    /// Reads the input until it ends (or the task is cancelled): why it ended, and whether any
    /// samples came.
    private func listenOnce() async -> (problem: String, heardAny: Bool) {
        let input: ListeningInput
        do { input = try source() } catch {
            return ("\(config.device) cannot be read: \(error)", false)
        }
        let (events, continuation) = AsyncStream.makeStream(of: ListeningInput.Event.self)
        let thread = Thread {
            input.run { continuation.yield($0) }
            continuation.finish()
        }
        thread.name = "listen"
        thread.start()
        var problem = "the input was stopped"
        var heardAny = false
        await withTaskCancellationHandler {
            for await event in events {
                switch event {
                case .started(let format):
                    heardAny = true
                    core.listening.started(format: format.description)
                    reporter.say("listen: hearing \(input.name) (\(format))")
                case .noteHeard(let hertz, let onset):
                    await core.heard(Frequency(hertz: hertz), beganAt: onset)
                case .noteEnded(let hertz, let onset, let seconds):
                    if seconds >= ListeningInput.shortest { await core.heardEnded(Frequency(hertz: hertz), beganAt: onset, seconds: seconds) }
                    if let line = await Self.heardLine(hertz: hertz, seconds: seconds, reference: core.currentSettings.referencePitch) {
                        reporter.say(line)
                    }
                case .tapped(let onset):
                    await core.tapped(at: onset)
                case .reading(let level, let hertz):
                    await core.heardNow(level: level, hertz: hertz)
                case .overrun:
                    core.listening.overrun()
                    reporter.say("listen: samples lost: \(input.name) was not read in time (an overrun)")
                case .ended(let reason):
                    problem = reason
                }
            }
        } onCancel: {
            input.stop()
        }
        return (problem, heardAny)
    }

    /// What a whole note came to, as stdout says it once the note has ended: its nearest key and
    /// its centre's cents from that key's equal-tempered pitch (`listen: heard E3 -11.4 c, 1.42 s`),
    /// what a tuner would show. Nil for a note too short to be one, or out of the keys' range.
    static func heardLine(hertz: Double, seconds: Double, reference: ReferencePitch) -> String? {
        guard seconds >= ListeningInput.shortest, let (key, cents) = try? Frequency(hertz: hertz).nearestNote(reference: reference) else {
            return nil
        }
        return "listen: heard \(key) " + String(format: "%+.1f c, %.2f s", cents, seconds)
    }

    /// The input the config names: a WAV stream, or the capture device.
    private func source() throws -> ListeningInput {
        switch config.driver {
        case .file, .off: return try ListeningInput(path: config.device)
        case .alsa:
            guard let capture else { throw NoCapture() }
            return ListeningInput(try capture(config.device))
        }
    }

    private struct NoCapture: Error, CustomStringConvertible {
        var description: String { "this daemon has no capture device driver" }
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }
}
