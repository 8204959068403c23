import MusicTheory

extension CelloTuner {
    /// What one render of a key tells.
    struct Measurement: Equatable {
        /// Cents above the key's equal-tempered pitch (A4 = 440), bend included.
        let cents: Double
        /// Integrated loudness in LUFS (ITU-R BS.1770), with the wheel centred; nil for a silent
        /// key, and for a bent one (not measured).
        let loudness: Double?
    }

    /// Renders `key` bent by `cents` for the note duration from its note-on (attack included),
    /// estimates its pitch from several harmonics over that whole span and measures its loudness.
    func measure(key: Int, bend cents: Int) throws(AudioError) -> Measurement {
        let velocity = state.withLock { $0.table.identity.velocity }
        let padded = (frames + 63) / 64 * 64
        var left = [Float](repeating: 0, count: padded)
        var right = [Float](repeating: 0, count: padded)
        try synth.setPitchBend(channel: 0, value: bend.wheel(forCents: Double(cents)).value)
        try synth.noteOn(channel: 0, key: key, velocity: velocity)
        try left.withUnsafeMutableBufferPointer { (l) throws(AudioError) in
            try right.withUnsafeMutableBufferPointer { (r) throws(AudioError) in
                try synth.write(frames: padded, left: l.baseAddress!, right: r.baseAddress!)
            }
        }
        // Only the centred key's loudness is kept (a sine is matched to it): measuring it for every
        // bend made each plan that measures slower, and a student's first cello keys sounded late.
        let loudness = cents == 0 ? LoudnessMeter(sampleRate: synth.sampleRate).integrated([Array(left.prefix(frames)), Array(right.prefix(frames))]) : nil
        synth.allSoundsOff()
        // Let FluidSynth retire the killed voice before the next note: rendering right after the
        // kill made the next measurement depend on the one before (by up to 1.3 c).
        try left.withUnsafeMutableBufferPointer { (l) throws(AudioError) in
            try right.withUnsafeMutableBufferPointer { (r) throws(AudioError) in
                try synth.write(frames: 1024, left: l.baseAddress!, right: r.baseAddress!)
            }
        }
        let nominal = Frequency(MIDINote(key))
        let expected = nominal.shifted(byCents: Double(cents))
        guard let estimate = PitchEstimator().estimate(Array(left.prefix(frames)), sampleRate: synth.sampleRate, expected: expected.hertz) else {
            return Measurement(cents: Double(cents), loudness: loudness)  // a silent key: nothing to correct
        }
        return Measurement(cents: Frequency(hertz: estimate.hertz).cents(above: nominal), loudness: loudness)
    }
}
