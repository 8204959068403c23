import MusicTheory

/// The tonic drone (`training.drone`, docs/audio.md "The drone"): a soft steady tone (the
/// steady tone's harmonics, exact) under the questions of a session, changed only when the tonic
/// changes. It lives apart from everything else the renderer sounds:
///
/// - mixed after the master bus (no stop, skip or new question fades it, and the limiter never
///   rides on it);
/// - after the daemon's own audible sound is noted (`lastAudible`): the drone alone never counts
///   as the daemon sounding (the daemon sounds none with a listening input: a tracker would hear
///   the steady tonic as a sung note);
/// - never keeping FluidSynth awake: the idle renderer writes zeros and the drone is added to them.
extension ToneRenderer {
    /// How far under a note of its pitch the drone sounds, in dB.
    public static let droneBelow = 12.0

    /// Sounds the drone at `frequency` from the next frame (nil: none); the one sounding ramps
    /// out as the new one ramps in.
    public func setDrone(_ frequency: Frequency?) {
        let voice = frequency.map { frequency in
            let loudness = (tuner?.knownLoudness(near: frequency) ?? SineLevel.referenceLoudness) - Self.droneBelow
            return SineVoice(hertz: frequency.hertz,
                             amplitude: SineLevel(loudness: loudness).amplitude(hertz: frequency.hertz, velocity: CelloTuner.velocity, sampleRate: sampleRate),
                             frameCount: SineVoice.held, sampleRate: sampleRate,
                             partials: SteadyTone.partials(hertz: frequency.hertz, sampleRate: sampleRate))
        }
        state.withLock { state in
            for index in state.drones.indices { state.drones[index].release() }
            if let voice { state.drones.append(voice) }
        }
    }

    /// Whether a drone sounds (or ramps out).
    public var droneSounding: Bool { state.withLock { !$0.drones.isEmpty } }

    /// Adds the drone to `frames` rendered frames, held to full scale.
    static func mixDrone(_ state: inout State, frames: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        guard !state.drones.isEmpty else { return }
        for index in state.drones.indices { state.drones[index].add(into: left, right, count: frames) }
        state.drones.removeAll(where: \.finished)
        for frame in 0..<frames {
            left[frame] = min(1, max(-1, left[frame]))
            right[frame] = min(1, max(-1, right[frame]))
        }
    }
}
