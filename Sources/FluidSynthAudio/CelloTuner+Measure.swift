import MusicTheory

extension CelloTuner {
    /// Renders `key` bent by `cents` for the note duration from its note-on (attack included)
    /// and estimates its pitch from several harmonics over that whole span.
    func measure(key: Int, bend cents: Int) throws(AudioError) -> Double {
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
            return Double(cents)  // a silent key: nothing to correct
        }
        return Frequency(hertz: estimate.hertz).cents(above: nominal)
    }
}
