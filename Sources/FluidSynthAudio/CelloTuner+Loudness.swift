import MusicTheory

extension CelloTuner {
    /// The cello's loudness in LUFS (at the calibration's velocity, wheel centred, over the note
    /// duration) on the key that plays `frequency`, measured now if the table lacks it; nil for a
    /// frequency no MIDI key plays.
    func loudness(near frequency: Frequency) throws(AudioError) -> Double? {
        guard let (key, _) = Self.key(for: frequency) else { return nil }
        // Known: no wait for a measurement under way (a sine key sounds at once).
        if let known = knownLoudness(near: frequency) { return known }
        return try measuring.withLock { (_) throws(AudioError) -> Double? in try loudnessAlone(ofKey: key) }
    }

    /// The cello's loudness on the key that plays `frequency` if the table has it: never waits.
    func knownLoudness(near frequency: Frequency) -> Double? {
        guard let (key, _) = Self.key(for: frequency) else { return nil }
        return state.withLock { $0.table.loudness[key] }
    }

    /// The loudness of `key`, the measuring lock held.
    func loudnessAlone(ofKey key: Int) throws(AudioError) -> Double {
        if let known = state.withLock({ $0.table.loudness[key] }) { return known }
        // A table stored before loudness was measured has the key's pitch only: render it again.
        return try record(key: key, bend: 0).loudness ?? SineLevel.referenceLoudness
    }
}
