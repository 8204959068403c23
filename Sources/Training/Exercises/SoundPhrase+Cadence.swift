import MusicTheory

extension SoundPhrase {
    /// The key's cadence around `tonic` (`Key.cadence(tonic:)`), each chord's four voices
    /// together: what sets a key before a degree question or a new key's melody.
    static func cadence(of key: Key, tonic: SpelledNote) -> [SoundPhrase] {
        ((try? key.cadence(tonic: tonic)) ?? []).map { SoundPhrase($0.notes.map { MIDINote($0.midiNumber) }, together: true) }
    }
}
