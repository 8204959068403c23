import PitchTracking
import SystemCalls

/// A listening input: a sample source (a WAV stream read at its pace, a capture device) through
/// the pitch tracker, each note reported once it has sounded long enough to be judged
/// (`judgedAfter` from its onset, its pitch over that time with the attack left out) and as it
/// ends (the centre of its stable part), with the instant of its onset on the machine's monotonic
/// clock (the instant its block arrived, less the time the stream had run on past the onset), and
/// the input's level and pitch a few times a second for a live view.
///
/// `run(_:)` blocks its thread until the stream ends or `stop()` is called.
public final class ListeningInput: Sendable {
    /// What it reports, in order: `started` once, then notes and readings, then `ended` once.
    public enum Event: Sendable, Equatable {
        /// The source's format.
        case started(SampleFormat)
        /// A note has sounded `judgedAfter`: its pitch over that time (the attack left out), and
        /// when it began. A shorter note is reported as it ends, with its centre.
        case noteHeard(hertz: Double, onset: ContinuousClock.Instant)
        /// A note has ended: its pitch, the centre of its stable part.
        case noteEnded(hertz: Double, onset: ContinuousClock.Instant, seconds: Double)
        /// The live reading: the level in dB of full scale, and the pitch heard, if any.
        case reading(level: Double, hertz: Double?)
        /// The stream ended, and why, in words.
        case ended(String)
    }

    /// Readings per second at most.
    public static let readingsPerSecond = 10.0
    /// How long after its onset a note is reported for judging, in seconds.
    public static let judgedAfter = 0.1
    /// The start of a note left out of that pitch (the attack, the analysis windows that reach
    /// back into what came before), in seconds.
    public static let attack = 0.04

    private let reader: any SampleSource

    /// A listening input on `source`.
    public init(_ source: any SampleSource) {
        reader = source
    }

    /// A listening input on a WAV stream at `path`, a file or a named pipe.
    public convenience init(path: String, pace: any InputPace = LivePace()) throws(SystemCallError) {
        self.init(try WAVStreamReader(path: path, pace: pace))
    }

    /// What it reads.
    public var name: String { reader.name }

    /// Ends `run(_:)` soon, from any thread.
    public func stop() { reader.stop() }

    /// Reads and tracks until the stream ends or `stop()` is called, handing each event to
    /// `handler` on this thread.
    public func run(_ handler: (Event) -> Void) {
        var tracking: Tracking?
        reader.run { event in
            switch event {
            case .started(let format):
                do {
                    tracking = Tracking(tracker: try PitchTracker(sampleRate: Double(format.sampleRate)),
                                        rate: Double(format.sampleRate))
                    handler(.started(format))
                } catch {
                    handler(.ended("the pitch tracker does not take \(format.sampleRate) Hz: \(error)"))
                    reader.stop()
                }
            case .samples(let block):
                tracking?.take(block, arrivedAt: .now, handler)
            case .ended(let reason):
                tracking?.finish(handler)
                handler(.ended(reason))
            }
        }
    }

    /// The tracker and the stream's clock.
    private struct Tracking {
        var tracker: PitchTracker
        let rate: Double
        /// Samples read so far: the stream's time is `read / rate`.
        var read = 0
        /// The arrival instant of the last block, and the stream's time at its end.
        var lastArrival = ContinuousClock.now
        var nextReading = 0.0
        /// The recent voiced frames (time, hertz): what a note's first pitch is read from.
        var recent: [(time: Double, hertz: Double)] = []
        /// The time of the last frame analysed.
        var lastFrame = 0.0
        /// A note begun and not yet reported: its onset, and its pitch so far.
        var waiting: (onset: Double, hertz: Double)?

        init(tracker: PitchTracker, rate: Double) {
            self.tracker = tracker
            self.rate = rate
        }

        /// The instant of `time` (seconds into the stream), from the block that just arrived.
        func instant(of time: Double) -> ContinuousClock.Instant {
            lastArrival - .seconds(max(0, Double(read) / rate - time))
        }

        mutating func take(_ block: [Float], arrivedAt arrival: ContinuousClock.Instant, _ handler: (Event) -> Void) {
            read += block.count
            lastArrival = arrival
            let clarity = tracker.segmenter.voicedClarity, gate = tracker.segmenter.gate
            var frames: [(time: Double, hertz: Double)] = []
            var last = lastFrame
            let events = tracker.process(block) { frame in
                last = frame.time
                if let hertz = frame.frequency, frame.clarity >= clarity, frame.level >= gate { frames.append((frame.time, hertz)) }
            }
            lastFrame = last
            recent += frames
            if let first = recent.firstIndex(where: { $0.time >= lastFrame - 1 }), first > 0 { recent.removeFirst(first) }
            report(events, handler)
            reportWaiting(handler)
            let now = Double(read) / rate
            if now >= nextReading {
                nextReading = now + 1 / ListeningInput.readingsPerSecond
                handler(.reading(level: tracker.current.level, hertz: tracker.current.frequency))
            }
        }

        mutating func finish(_ handler: (Event) -> Void) {
            report(tracker.finish(), handler)
        }

        mutating func report(_ events: [PitchEvent], _ handler: (Event) -> Void) {
            for event in events {
                switch event {
                case .noteBegan(let beginning):
                    waiting = (beginning.onset, beginning.frequencySoFar)
                case .noteEnded(let note):
                    if let waiting, abs(waiting.onset - note.onset) < 1e-9 {
                        // Over before it was reported: judged by its centre.
                        handler(.noteHeard(hertz: note.frequency, onset: instant(of: note.onset)))
                        self.waiting = nil
                    }
                    handler(.noteEnded(hertz: note.frequency, onset: instant(of: note.onset), seconds: note.end - note.onset))
                }
            }
        }

        /// Reports the note waiting once frames `judgedAfter` its onset have been analysed: the
        /// median of its frames after the attack (its pitch so far when there are none).
        mutating func reportWaiting(_ handler: (Event) -> Void) {
            guard let note = waiting, lastFrame >= note.onset + ListeningInput.judgedAfter else { return }
            let heard = recent.filter { $0.time >= note.onset + ListeningInput.attack && $0.time <= note.onset + ListeningInput.judgedAfter }
                .map(\.hertz).sorted()
            handler(.noteHeard(hertz: heard.isEmpty ? note.hertz : heard[heard.count / 2], onset: instant(of: note.onset)))
            waiting = nil
        }
    }
}
