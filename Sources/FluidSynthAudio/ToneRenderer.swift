import Foundation
import MusicTheory
import Synchronization

/// Mixes the cello (FluidSynth) and the exact sines into one stereo stream. The same object serves
/// the live audio driver's callback and offline rendering, so a WAV holds exactly what the daemon
/// would sound.
///
/// Time is counted in frames and processed in FluidSynth's 64-frame blocks: tones start and stop
/// on block boundaries, which is where FluidSynth applies events anyway.
public final class ToneRenderer: Sendable {
    public static let blockFrames = 64
    /// Seconds the voice takes to duck under a note, or to come back up after it.
    public static let speechRamp = 0.02

    public let sampleRate: Double
    /// How many frames a stop takes to fade to silence (one audio period).
    public let stopFrames: Int
    /// After this many frames with nothing sounding, FluidSynth is no longer asked to render
    /// (it would render silence at full cost, upstream #338): the renderer writes zeros.
    public let idleAfterFrames: Int
    let state: Mutex<State>
    /// Plans cello notes; nil when the renderer is sine-only.
    public let tuner: CelloTuner?

    struct ScheduledEvent {
        enum Kind {
            case start(Tone, ToneVoice), stop(channel: Int, key: Int)
            /// A key held until its `release` (the tone's `frameCount` is not used).
            case press(MIDINote, Tone, ToneVoice)
            case release(MIDINote)
            case sustain(down: Bool)
            /// The held note starts (`ToneRenderer+Held`), or ends.
            case hold(Tone, ToneVoice), releaseHeld
        }
        let frame: Int
        let kind: Kind
        /// When a key's message arrived: its input-to-sound time is measured once it is heard.
        var arrival: ContinuousClock.Instant? = nil
        /// A prompt's note (from the timeline): `endPrompt` drops it before it starts.
        var fromTimeline = false
    }

    struct State: ~Copyable {
        var cello: CelloInstrument?
        var clock = 0
        var pending: [ScheduledEvent] = []
        var sines: [SineVoice] = []
        var bends: [BendDither] = []
        /// The keys sounding until their note-off: held down, or released under the sustain pedal.
        var keys: [MIDINote: KeyVoice] = [:]
        var pedalDown = false
        /// The held note that follows the wheel, while it sounds.
        var held: HeldVoice?
        /// Cents the wheel bends the held note by; `heldBendChanged` until it is applied.
        var heldCents = 0.0
        var heldBendChanged = false
        var fadeRemaining: Int?
        var mutedFrames = 0
        var errors: [AudioError] = []
        /// Frames since the last moment anything sounded, counted in whole blocks.
        var quietFrames = 0
        /// Whether the current block skips FluidSynth (decided at each block boundary).
        var idle = false
        /// Frames FluidSynth has rendered: what the idle state saves shows here.
        var synthFrames = 0
        /// The voice: the timeline's sentences and the cues.
        var speech: SpeechLane
        /// The question's sounds and sentences, heard one after another.
        var timeline = Timeline()
        /// The master bus's last stage: no sample reaches full scale.
        var limiter: PeakLimiter
        /// What waits to be heard, by the frame it starts at (`ToneRenderer+Heard`).
        var heard: [(frame: Int, report: HeardReport)] = []
        /// The device's own delay, in seconds (`setOutputDelay`).
        var outputDelay = 0.0
        /// The recent keys' input-to-sound times, in seconds.
        var latencies: [Double] = []
        /// When the last frame above `audibleLevel` leaves the speaker (`lastAudible`).
        var lastAudible: ContinuousClock.Instant?
        /// The tonic drone, and one still ramping out (`ToneRenderer+Drone`).
        var drones: [SineVoice] = []
    }

    /// A renderer with the cello if it could be built, or nil for sine only; idle after
    /// `idleAfterFrames` quiet frames (two seconds when nil).
    init(cello: CelloInstrument?, tuner: CelloTuner?, sampleRate: Double, stopFrames: Int, idleAfterFrames: Int? = nil) {
        precondition(stopFrames > 0, "a stop takes at least one frame")
        self.idleAfterFrames = idleAfterFrames ?? Int(2 * sampleRate)
        precondition(self.idleAfterFrames > 0, "idle only after some quiet")
        precondition((cello == nil) == (tuner == nil), "a cello needs its tuner")
        self.tuner = tuner
        self.sampleRate = sampleRate
        self.stopFrames = stopFrames
        state = Mutex(State(cello: cello, speech: SpeechLane(rampFrames: max(1, Int(Self.speechRamp * sampleRate))),
                            limiter: PeakLimiter(sampleRate: sampleRate)))
    }

    /// Whether cello tones really sound as a cello (otherwise they sound as sines).
    public var hasCello: Bool { state.withLock { $0.cello != nil } }

    /// Frames rendered so far.
    public var clock: Int { state.withLock { $0.clock } }

    /// Queues tones; each `startFrame` counts from the next block boundary; tones of a key that
    /// `arrivedAt` an instant are measured from it once heard. Tones are planned
    /// first, on this thread (which may measure a bend or a key's loudness not yet in the
    /// calibration table); a tone that cannot be planned sounds as a sine, and the error is kept
    /// for `takeErrors`.
    public func play(_ tones: [Tone], arrivedAt arrival: ContinuousClock.Instant? = nil) {
        let (voices, failures) = voices(for: tones)
        state.withLock { state in
            state.errors += failures
            let base = Self.nextBoundary(state.clock)
            for (tone, voice) in zip(tones, voices) {
                state.pending.append(ScheduledEvent(frame: base + Self.nextBoundary(tone.startFrame), kind: .start(tone, voice), arrival: arrival))
            }
            state.pending.sort { $0.frame < $1.frame }
        }
    }

    /// Queues `event` after every event due at or before its frame, so that events keep the order
    /// they were asked in (a key's release never comes before its press).
    static func schedule(_ event: ScheduledEvent, in state: inout State) {
        let index = state.pending.firstIndex { $0.frame > event.frame } ?? state.pending.endIndex
        state.pending.insert(event, at: index)
    }

    /// Measures, ahead of time, whatever the cello needs to play `frequencies` exactly, so that a
    /// later `play` of them measures nothing. The daemon does not call it yet: a prompt's pitches
    /// are measured as it is queued (delaying it by the measuring), and a key never waits, it
    /// sounds from the nearest measured bend (`CelloTuner.knownPlan`).
    public func prepare(_ frequencies: [Frequency]) throws(AudioError) {
        guard let tuner else { return }
        for frequency in frequencies {
            _ = try tuner.plan(frequency)
            _ = try tuner.loudness(near: frequency)
        }
        tuner.save()
    }

    /// Fades everything out over `stopFrames` (the voice too), then silences every voice and
    /// drops queued tones and the whole timeline: nothing outlives its question.
    public func stop() {
        state.withLock { state in
            state.pending.removeAll()
            state.timeline.clear()
            state.timeline.barAnchor = nil
            state.heard.removeAll { if case .prompt = $0.report { true } else { false } }
            state.speech.fadeOut(over: stopFrames)
            if state.fadeRemaining == nil { state.fadeRemaining = stopFrames }
        }
    }

    /// Queues a sentence already synthesized (mono, at this renderer's rate, loudness applied) on
    /// the timeline, after everything queued.
    public func speak(_ samples: [Float]) {
        state.withLock { state in
            let id = state.timeline.appendSentence()
            state.timeline.fill(id, samples: samples)
        }
    }

    /// Whether speech is queued or being heard.
    public var hasSpeech: Bool {
        state.withLock { state in
            state.speech.isSpeaking || state.timeline.steps.contains { if case .sentence = $0 { true } else { false } }
        }
    }

    /// Drops everything queued or sounding at once, with no fade: for when no device takes samples,
    /// so that keys pressed meanwhile do not all sound when a device opens again.
    public func discardAll() {
        state.withLock { state in
            state.speech.clear()
            state.timeline.clear()
            state.pending.removeAll()
            state.heard.removeAll()
            state.sines.removeAll()
            state.bends.removeAll()
            state.keys.removeAll()
            state.held = nil
            state.fadeRemaining = nil
            state.cello?.synth.allSoundsOff()
        }
    }

    /// FluidSynth calls that failed while rendering (the audio thread cannot throw), oldest first.
    public func takeErrors() -> [AudioError] {
        state.withLock { state in
            defer { state.errors.removeAll() }
            return state.errors
        }
    }

    /// Renders `frames` stereo frames, overwriting both buffers: the cello, the sines and the voice,
    /// through the limiter.
    public func render(frames: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        let calledAt = ContinuousClock.now
        let heard = state.withLock { state in
            let first = state.clock
            renderLocked(&state, frames: frames, left: left, right: right)
            Self.noteAudible(&state, frames: frames, left: left, right: right, calledAt: calledAt, sampleRate: sampleRate)
            Self.mixDrone(&state, frames: frames, left: left, right: right)
            return Self.takeHeard(&state, calledAt: calledAt, first: first, sampleRate: sampleRate)
        }
        for prompt in heard { prompt.callback(prompt.instant) }
    }

    private func renderLocked(_ state: inout State, frames: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        if Self.skipIdle(&state, frames: frames, left: left, right: right) { return }
        var done = 0
        while done < frames {
            if state.clock % Self.blockFrames == 0 {
                Self.advanceTimeline(&state, sampleRate: sampleRate)
                Self.startDueEvents(&state, sampleRate: sampleRate)
                Self.updateIdle(&state, after: idleAfterFrames)
            }
            let count = min(frames - done, Self.blockFrames - state.clock % Self.blockFrames)
            Self.renderSpan(&state, count: count, left: left + done, right: right + done, stopFrames: stopFrames)
            state.speech.mix(into: left + done, right + done, count: count, noteSounding: state.quietFrames == 0)
            state.limiter.process(left + done, right + done, count: count)
            state.clock += count
            done += count
        }
    }

    static func nextBoundary(_ frame: Int) -> Int {
        (frame + blockFrames - 1) / blockFrames * blockFrames
    }
}
