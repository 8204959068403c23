import MusicTheory

extension SoundPhrase {
    /// The key's cadence around `tonic` (`Key.cadence(tonic:)`), each chord's four voices
    /// together: what sets a key before a degree question or a new key's melody.
    static func cadence(of key: Key, tonic: SpelledNote) -> [SoundPhrase] {
        ((try? key.cadence(tonic: tonic)) ?? []).map { SoundPhrase($0.notes.map { MIDINote($0.midiNumber) }, together: true) }
    }

    /// The key's tonic chord around `tonic`, as the cadence voices it: its four voices one by one
    /// from the bass up, then together. What sets a key before a progression, which a cadence
    /// (I–IV–V–I) would give away when the progression is one.
    static func tonicChord(of key: Key, tonic: SpelledNote) -> [SoundPhrase] {
        guard let chord = (try? key.cadence(tonic: tonic))?.first else { return [] }
        let notes = chord.notes.map { MIDINote($0.midiNumber) }
        return notes.map { SoundPhrase([$0]) } + [SoundPhrase(notes, together: true)]
    }
}
