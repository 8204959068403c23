import MusicTheory

/// The student's keys: a key sounds while it is held and gets its note-off when released, so
/// FluidSynth's own release follows; the sustain pedal holds released keys, as on a piano, until
/// it is lifted. Prompts (`play`) keep their fixed durations and are not held by the pedal.
extension ToneRenderer {
    /// A key sounding until its note-off: on a cello channel (`synthKey` there) or as a sine.
    struct KeyVoice {
        /// The cello channel its note-on used; nil for a sine.
        let channel: Int?
        let synthKey: Int
        /// Still held down; false once released under the pedal.
        var held = true
    }

    /// Starts `key` sounding `tone` (its `startFrame` and `frameCount` are not used) at the next
    /// block boundary, until `release(_:)`. Planned like `play`'s tones. Measured from when it
    /// `arrivedAt` (its sequencer timestamp) until heard.
    public func press(_ key: MIDINote, _ tone: Tone, arrivedAt arrival: ContinuousClock.Instant? = nil) {
        let (voices, failures) = voices(for: [tone], key: true)
        state.withLock { state in
            state.errors += failures
            Self.schedule(ScheduledEvent(frame: Self.nextBoundary(state.clock), kind: .press(key, tone, voices[0]), arrival: arrival),
                          in: &state)
        }
    }

    /// Sounds `key` struck, pressed and released at once (a virtual keyboard's key): pressed at the
    /// next block boundary and released `tone.frameCount` later, a key held meanwhile, so feedback
    /// that waits for the keys to come up (`enqueueKeysUp`) does not sound over it.
    public func strike(_ key: MIDINote, _ tone: Tone, arrivedAt arrival: ContinuousClock.Instant? = nil) {
        let (voices, failures) = voices(for: [tone], key: true)
        state.withLock { state in
            state.errors += failures
            let frame = Self.nextBoundary(state.clock)
            Self.schedule(ScheduledEvent(frame: frame, kind: .press(key, tone, voices[0]), arrival: arrival), in: &state)
            Self.schedule(ScheduledEvent(frame: frame + Self.nextBoundary(tone.frameCount), kind: .release(key)), in: &state)
        }
    }

    /// Releases `key` at the next block boundary (held on while the pedal is down).
    public func release(_ key: MIDINote) {
        state.withLock { state in
            Self.schedule(ScheduledEvent(frame: Self.nextBoundary(state.clock), kind: .release(key)), in: &state)
        }
    }

    /// The sustain pedal down or up at the next block boundary; lifting it releases every key
    /// released meanwhile.
    public func sustain(_ down: Bool) {
        state.withLock { state in
            Self.schedule(ScheduledEvent(frame: Self.nextBoundary(state.clock), kind: .sustain(down: down)), in: &state)
        }
    }
}
