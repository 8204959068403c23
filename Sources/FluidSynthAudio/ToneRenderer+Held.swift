import Foundation
import MusicTheory

/// The held note a `match` question is tuned with: queued on the timeline after the reference,
/// sounding until released, its pitch following the wheel. The sine is bent exactly (its phase
/// increment scaled, no whole-cent floor); the cello by moving its two dithered whole-cent bends
/// (`CelloPlan.shifted`), so the averaged pitch follows to a fraction of a cent.
extension ToneRenderer {
    /// The held note while it sounds: on a cello channel with its plan before the wheel, or a sine.
    struct HeldVoice {
        /// The cello channel; nil for a sine.
        let channel: Int?
        /// The cello's plan for the unbent frequency; nil for a sine.
        let plan: CelloPlan?
    }

    /// Queues `tone` (its `startFrame` and `frameCount` are not used) after everything queued,
    /// held until `releaseHeld()`, bent by `cents` until the wheel moves. A note held already is
    /// released when this one starts.
    public func enqueueHeld(_ tone: Tone, cents: Double) {
        let (voices, failures) = voices(for: [tone])
        state.withLock { state in
            state.errors += failures
            state.heldCents = cents
            state.heldBendChanged = true
            state.timeline.append(.held(tone, voice: voices[0]))
        }
    }

    /// The wheel moved: the held note sounds `cents` from its frequency from the next block on
    /// (also a note queued and not yet sounding starts there).
    public func bendHeld(cents: Double) {
        state.withLock { state in
            state.heldCents = cents
            state.heldBendChanged = true
        }
    }

    /// Releases the held note at the next block boundary; one still queued is dropped.
    public func releaseHeld() {
        state.withLock { state in
            state.timeline.removeHeld()
            Self.schedule(ScheduledEvent(frame: Self.nextBoundary(state.clock), kind: .releaseHeld), in: &state)
        }
    }

    /// Starts the held note, bent where the wheel is.
    static func startHeld(_ tone: Tone, voice: ToneVoice, in state: inout State, sampleRate: Double) {
        endHeld(in: &state)
        if let plan = voice.cello, let bend = state.cello?.bend,
           let channel = startCello(plan.shifted(byCents: state.heldCents, bend: bend), velocity: tone.velocity, in: &state) {
            state.held = HeldVoice(channel: channel, plan: plan)
            return
        }
        var sine = SineVoice(hertz: tone.frequency.hertz, amplitude: voice.sineAmplitude, frameCount: SineVoice.held,
                             sampleRate: sampleRate, followsWheel: true, partials: voice.partials)
        sine.bend(cents: state.heldCents)
        state.sines.append(sine)
        state.held = HeldVoice(channel: nil, plan: nil)
    }

    /// Moves the held note to where the wheel is.
    static func followWheel(_ state: inout State) {
        state.heldBendChanged = false
        guard let held = state.held else { return }
        if let channel = held.channel, let plan = held.plan, let bend = state.cello?.bend {
            let index = state.bends.firstIndex { $0.channel == channel }
            let dither = BendDither(plan: plan.shifted(byCents: state.heldCents, bend: bend), channel: channel)
            if let index { state.bends[index] = dither } else { state.bends.append(dither) }
        } else if let index = state.sines.firstIndex(where: \.followsWheel) {
            state.sines[index].bend(cents: state.heldCents)
        }
    }

    /// Ends the held note: the cello's note-off (FluidSynth's release follows), the sine's ramp.
    static func endHeld(in state: inout State) {
        guard let held = state.held else { return }
        state.held = nil
        if let channel = held.channel, let plan = held.plan {
            state.cello?.synth.noteOff(channel: channel, key: plan.key)
            state.bends.removeAll { $0.channel == channel }
        } else if let index = state.sines.firstIndex(where: \.followsWheel) {
            state.sines[index].release()
        }
    }
}

extension CelloPlan {
    /// The same note `cents` higher: its two whole-cent bends moved and the share between them
    /// set so the averaged bend moves by exactly `cents`, within the wheel's reach (beyond it,
    /// the nearest bend it reaches). The sample's pitch moves with the bend one cent per cent;
    /// the calibration's small departures from that are not measured again while the wheel moves.
    public func shifted(byCents cents: Double, bend: PitchBend) -> CelloPlan {
        guard cents != 0 else { return self }
        let low = bend.soundingCents(forWheel: lowWheel)
        let limit = Double(Int(bend.halfRangeCents) - 2)
        let position = min(limit - 1, max(-limit, Double(low) + highShare + cents))
        let newLow = position.rounded(.down)
        return CelloPlan(key: key, lowWheel: bend.wheel(forCents: newLow).value, highWheel: bend.wheel(forCents: newLow + 1).value,
                         highShare: position - newLow, lowErrorCents: lowErrorCents + (newLow - Double(low)) - cents)
    }
}
