import Foundation
import MusicTheory

extension ToneRenderer {
    /// Starts and stops what is due at this block boundary.
    static func startDueEvents(_ state: inout State, sampleRate: Double) {
        if let cello = state.cello {
            for index in state.bends.indices {
                let (wheel, changed) = state.bends[index].next()
                guard changed else { continue }
                do { try cello.synth.setPitchBend(channel: state.bends[index].channel, value: wheel) } catch {
                    state.errors.append(error)
                }
            }
        }
        while let first = state.pending.first, first.frame <= state.clock {
            state.pending.removeFirst()
            if let arrival = first.arrival { state.heard.append((state.clock, .key(arrival: arrival))) }
            state.quietFrames = 0
            state.idle = false
            switch first.kind {
            case .start(let tone, let voice):
                start(tone, voice: voice, in: &state, sampleRate: sampleRate)
            case .stop(let channel, let key):
                state.cello?.synth.noteOff(channel: channel, key: key)
                state.bends.removeAll { $0.channel == channel }
            case .press(let key, let tone, let voice):
                press(key, tone: tone, voice: voice, in: &state, sampleRate: sampleRate)
            case .release(let key):
                if state.pedalDown { state.keys[key]?.held = false } else { noteOff(key, in: &state) }
            case .hold(let tone, let voice):
                startHeld(tone, voice: voice, in: &state, sampleRate: sampleRate)
            case .releaseHeld:
                endHeld(in: &state)
            case .sustain(let down):
                state.pedalDown = down
                if !down {
                    for (key, voice) in state.keys where !voice.held { noteOff(key, in: &state) }
                }
            }
        }
        // After the events due: a held note released here does not move first.
        if state.heldBendChanged { followWheel(&state) }
    }

    private static func start(_ tone: Tone, voice: ToneVoice, in state: inout State, sampleRate: Double) {
        if let plan = voice.cello, let channel = startCello(plan, velocity: tone.velocity, in: &state) {
            schedule(ScheduledEvent(frame: state.clock + nextBoundary(tone.frameCount), kind: .stop(channel: channel, key: plan.key)),
                     in: &state)
            return
        }
        state.sines.append(SineVoice(hertz: tone.frequency.hertz, amplitude: voice.sineAmplitude,
                                     frameCount: nextBoundary(tone.frameCount), sampleRate: sampleRate, partials: voice.partials))
    }

    /// Starts a key that sounds until its release; a key struck again first releases its last sound.
    private static func press(_ key: MIDINote, tone: Tone, voice: ToneVoice, in state: inout State, sampleRate: Double) {
        noteOff(key, in: &state)
        if let plan = voice.cello, let channel = startCello(plan, velocity: tone.velocity, in: &state) {
            state.keys[key] = KeyVoice(channel: channel, synthKey: plan.key)
            return
        }
        state.sines.append(SineVoice(hertz: tone.frequency.hertz, amplitude: voice.sineAmplitude, frameCount: SineVoice.held,
                                     sampleRate: sampleRate, key: key))
        state.keys[key] = KeyVoice(channel: nil, synthKey: key.rawValue)
    }

    /// Starts a cello note on a channel no held key and no timed note still uses (so its bend
    /// moves nothing else sounding), its bend dither with it; nil (the error kept) when it failed.
    static func startCello(_ plan: CelloPlan, velocity: Int, in state: inout State) -> Int? {
        guard let cello = state.cello else { return nil }
        var busy = Set(state.keys.values.compactMap(\.channel))
        if let channel = state.held?.channel { busy.insert(channel) }
        for event in state.pending { if case .stop(let channel, _) = event.kind { busy.insert(channel) } }
        do {
            var dither = BendDither(plan: plan, channel: -1)
            let channel = try cello.start(plan, velocity: velocity, wheel: dither.next().wheel, avoiding: busy)
            dither = dither.moved(to: channel)
            state.bends.removeAll { $0.channel == channel }
            state.bends.append(dither)
            return channel
        } catch {
            state.errors.append(error)
            return nil
        }
    }

    /// Sends a sounding key's note-off to the channel its note-on used (FluidSynth's own release
    /// follows), or lets its sine ramp down; nothing when the key is not sounding.
    static func noteOff(_ key: MIDINote, in state: inout State) {
        guard let voice = state.keys.removeValue(forKey: key) else { return }
        if let channel = voice.channel {
            state.cello?.synth.noteOff(channel: channel, key: voice.synthKey)
            state.bends.removeAll { $0.channel == channel }
        } else if let index = state.sines.firstIndex(where: { $0.key == key }) {
            state.sines[index].release()
        }
    }

    /// Renders up to one block: FluidSynth first, the sines added, then the stop fade if any.
    static func renderSpan(_ state: inout State, count: Int, left: UnsafeMutablePointer<Float>,
                           right: UnsafeMutablePointer<Float>, stopFrames: Int) {
        if let cello = state.cello, !state.idle {
            state.synthFrames += count
            do { try cello.synth.write(frames: count, left: left, right: right) } catch {
                state.errors.append(error)
                left.update(repeating: 0, count: count)
                right.update(repeating: 0, count: count)
            }
        } else {
            left.update(repeating: 0, count: count)
            right.update(repeating: 0, count: count)
        }
        for index in state.sines.indices {
            state.sines[index].add(into: left, right, count: count)
        }
        state.sines.removeAll { $0.finished }
        applyStop(&state, count: count, left: left, right: right, stopFrames: stopFrames)
    }

    /// A raised-cosine fade over `stopFrames`; then every voice is cut and FluidSynth's one block
    /// already rendered ahead is muted, so nothing sounds one period after the stop.
    private static func applyStop(_ state: inout State, count: Int, left: UnsafeMutablePointer<Float>,
                                  right: UnsafeMutablePointer<Float>, stopFrames: Int) {
        // Nearly always: no stop under way, nothing to scale (a per-sample loop for nothing costs
        // the audio thread real time in a debug build under emulation).
        guard state.fadeRemaining != nil || state.mutedFrames > 0 else { return }
        for index in 0..<count {
            var gain: Float = 1
            if let remaining = state.fadeRemaining {
                let position = Double(stopFrames - remaining) / Double(stopFrames)
                gain = Float(0.5 + 0.5 * cos(Double.pi * position))
                if remaining <= 1 {
                    state.fadeRemaining = nil
                    state.mutedFrames = blockFrames + count
                    state.sines.removeAll()
                    state.bends.removeAll()
                    state.keys.removeAll()
                    state.held = nil
                    state.cello?.synth.allSoundsOff()
                } else {
                    state.fadeRemaining = remaining - 1
                }
            } else if state.mutedFrames > 0 {
                gain = 0
                state.mutedFrames -= 1
            }
            left[index] *= gain
            right[index] *= gain
        }
    }
}
