import MusicTheory

/// How one tone will sound: on the cello by its plan, or as a sine of `sineAmplitude` (also what
/// a cello note falls back to when FluidSynth fails to start it).
struct ToneVoice {
    /// nil for a sine, or for a cello tone that could not be planned.
    let cello: CelloPlan?
    /// The sine's peak amplitude, as loud as the cello on that key (`SineLevel`).
    let sineAmplitude: Double
    /// The sine's partials (`SineVoice.partials`): the fundamental alone, or the steady tone's.
    var partials: [Double] = [1]
}

extension ToneRenderer {
    /// How each tone will sound, worked out on the calling thread (it may measure), and what could
    /// not be planned: a cello tone that cannot be planned sounds as a sine. A student's key
    /// (`key`) never waits for a measurement: it takes the plan the table gives
    /// (`CelloTuner.knownPlan`) and the loudness known.
    func voices(for tones: [Tone], key: Bool = false) -> (voices: [ToneVoice], failures: [AudioError]) {
        var voices: [ToneVoice] = []
        var failures: [AudioError] = []
        for tone in tones {
            var plan: CelloPlan?
            if tone.clickOver != nil {
                voices.append(ToneVoice(cello: nil, sineAmplitude: 0))  // once the notes beside it are measured
                continue
            }
            if tone.steady {
                voices.append(ToneVoice(cello: nil, sineAmplitude: sineAmplitude(for: tone, measuring: false),
                                        partials: SteadyTone.partials(hertz: tone.frequency.hertz, sampleRate: sampleRate)))
                continue
            }
            if tone.source == .cello, let tuner {
                if key, let known = tuner.knownPlan(tone.frequency) {
                    plan = known.plan  // a key never waits for a measurement, nor has one beside it
                } else {
                    do { plan = try tuner.plan(tone.frequency) } catch { failures.append(error) }
                }
            }
            voices.append(ToneVoice(cello: plan, sineAmplitude: sineAmplitude(for: tone, measuring: !key)))
        }
        for (index, tone) in tones.enumerated() {
            guard let reference = tone.clickOver else { continue }
            voices[index] = ToneVoice(cello: nil, sineAmplitude: clickAmplitude(tone, over: reference))
        }
        tuner?.save()
        return (voices, failures)
    }

    /// A click's sine: `Tone.clickAbove` dB louder (K-weighted, as `SineLevel` matches a sine to
    /// the cello) than a note at `reference` sounds, on either source.
    func clickAmplitude(_ tone: Tone, over reference: Frequency) -> Double {
        let loudness = tuner?.knownLoudness(near: reference) ?? SineLevel.referenceLoudness
        return SineLevel(loudness: loudness + Tone.clickAbove).amplitude(hertz: tone.frequency.hertz, velocity: tone.velocity, sampleRate: sampleRate)
    }

    /// A sine as loud as the cello's note on the tone's key (the reference loudness when there is
    /// no cello, or its loudness is not measured). Measured now only when `measuring` and the tone
    /// is a sine: a cello tone's sine is only its fallback.
    func sineAmplitude(for tone: Tone, measuring: Bool) -> Double {
        let loudness = tone.source == .sine && measuring
            ? try? tuner?.loudness(near: tone.frequency) : tuner?.knownLoudness(near: tone.frequency)
        return SineLevel(loudness: loudness).amplitude(hertz: tone.frequency.hertz, velocity: tone.velocity, sampleRate: sampleRate)
    }
}
