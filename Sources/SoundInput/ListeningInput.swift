import Glibc
import PitchTracking
import SystemCalls

/// A listening input: a sample source (a WAV stream read at its pace, a capture device) through
/// the pitch tracker, each note reported once its pitch has settled (`settleFrames` frames in a
/// row within `settleCents` of their median, the attack left out, and not a vibrato's crest: that
/// median is its pitch; a vibrato by its centre, `SwingCentre`; a note that does
/// neither after `longestWait`, with the median of all it sang)
/// and as it ends (the centre of its stable part), with the instant of its onset on the machine's monotonic
/// clock (the instant its block arrived, or was captured, less the time the stream had run on past
/// the onset); each onset without pitch (a clap, `OnsetDetector`); and the input's level and pitch
/// a few times a second for a live view.
///
/// `run(_:)` blocks its thread until the stream ends or `stop()` is called.
public final class ListeningInput: Sendable {
    /// What it reports, in order: `started` once, then notes and readings, then `ended` once.
    public enum Event: Sendable, Equatable {
        /// The source's format.
        case started(SampleFormat)
        /// A note's pitch has settled: that pitch, and when the note began. A note that ends first
        /// is reported as it ends, with its centre, if it lasted `shortestUnsettled`; a shorter one
        /// (a blip in an attack, a glide into a note that breaks off) is never heard.
        case noteHeard(hertz: Double, onset: ContinuousClock.Instant)
        /// A note that was heard has ended: its pitch, the centre of its stable part.
        case noteEnded(hertz: Double, onset: ContinuousClock.Instant, seconds: Double)
        /// An onset, pitched or not (a clap, a tap on the microphone, a sung note's attack).
        case tapped(onset: ContinuousClock.Instant)
        /// The live reading: the level in dB of full scale, and the pitch heard, if any.
        case reading(level: Double, hertz: Double?)
        /// Samples were lost (a capture overrun): a note across the gap may be heard as two.
        case overrun
        /// The stream ended, and why, in words.
        case ended(String)
    }

    /// Readings per second at most.
    public static let readingsPerSecond = 20.0
    /// The start of a note left out of its pitch (the attack, the analysis windows that reach
    /// back into what came before), in seconds.
    public static let attack = 0.02
    /// Frames in a row (at about 200 a second) whose pitch must agree for a note to be heard.
    public static let settleFrames = 16
    /// How close to their median those frames must be, in cents.
    public static let settleCents = 12.0
    /// A note that has not settled this long after its onset is heard by the median of its frames.
    public static let longestWait = 0.6
    /// A note shorter than this is no note: an attack's blip, a click.
    public static let shortest = 0.1
    /// A note that ends before it settles is no note when shorter than this. FluidR3's choir
    /// begins a note with a glide of about 0.1 s that breaks off into 0.14 s of unclear sound
    /// before the note proper: heard as a note, it answered the next question, judged on one
    /// capture of two in the VM (0.095 s in the file, 0.10 s as captured).
    public static let shortestUnsettled = 0.15

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
        var captureDelay = 0
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
            case .captureDelay(let frames):
                captureDelay = frames
            case .overrun:
                handler(.overrun)
            case .samples(let block):
                let behind = Double(captureDelay) / (tracking?.rate ?? 1)
                captureDelay = 0
                tracking?.take(block, arrivedAt: .now - .seconds(behind), handler)
            case .ended(let reason):
                tracking?.finish(handler)
                handler(.ended(reason))
            }
        }
    }

    /// The tracker, the onset detector and the stream's clock.
    private struct Tracking {
        var tracker: PitchTracker
        var onsets: OnsetDetector
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
            onsets = OnsetDetector(sampleRate: rate)
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
            for onset in onsets.take(block) { handler(.tapped(onset: instant(of: onset))) }
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
                        // Over before it settled: heard by its centre, if it was a note at all.
                        self.waiting = nil
                        guard note.end - note.onset >= ListeningInput.shortestUnsettled else { continue }
                        handler(.noteHeard(hertz: note.frequency, onset: instant(of: note.onset)))
                    }
                    handler(.noteEnded(hertz: note.frequency, onset: instant(of: note.onset), seconds: note.end - note.onset))
                }
            }
        }

        /// Reports the note waiting once its pitch has settled: the last `settleFrames` frames
        /// after its attack within `settleCents` of their median (frames an octave or a twelfth
        /// off, a partial's slips, left out); or `longestWait` after its onset, the median of all.
        mutating func reportWaiting(_ handler: (Event) -> Void) {
            guard let note = waiting else { return }
            let slip = tracker.segmenter.slipCents
            let cents = recent.filter { $0.time >= note.onset + ListeningInput.attack }
                .map { 1200 * log2($0.hertz / note.hertz) }
                .filter { cents in !Cents.slips.contains { abs(abs(cents) - $0) < slip } }
            let window = cents.suffix(ListeningInput.settleFrames)
            let windowMedian = window.isEmpty ? 0 : Cents.median(window)
            let settled = window.count == ListeningInput.settleFrames
                && window.allSatisfy { abs($0 - windowMedian) <= ListeningInput.settleCents }
                && !SwingCentre.turns(window)
            let swing = settled ? nil : SwingCentre.centre(of: cents, framePeriod: tracker.analyzer.framePeriod)
            guard settled || swing != nil || (lastFrame >= note.onset + ListeningInput.longestWait && !cents.isEmpty) else { return }
            let pitch = settled ? windowMedian : swing ?? Cents.median(cents)
            handler(.noteHeard(hertz: note.hertz * exp2(pitch / 1200), onset: instant(of: note.onset)))
            waiting = nil
        }
    }
}
