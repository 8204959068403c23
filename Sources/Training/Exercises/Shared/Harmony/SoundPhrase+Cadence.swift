import MusicTheory

extension SoundPhrase {
    /// The lowest note a cadence's bass sounds: G2. Under it a bass is a rumble more than a
    /// pitch (the cello's lowest fifth, a piano's muddy octave); a teacher sets a key above it.
    static let cadenceBassFloor = MIDINote(43)

    /// The key's cadence around `tonic` (`Key.cadence(tonic:)`), each chord's four voices
    /// together: what sets a key before a degree question or a new key's melody. Its bass (an
    /// octave under `tonic`) is never under `floor` nor `cadenceBassFloor`: the cadence goes up
    /// an octave, so a low tonic's cadence has the tonic itself in the bass.
    static func cadence(of key: Key, tonic: SpelledNote, floor: MIDINote = cadenceBassFloor) -> [SoundPhrase] {
        let lowest = max(floor.rawValue, cadenceBassFloor.rawValue)
        var register = tonic
        while register.midiNumber - 12 < lowest { register = SpelledNote(register.name, octave: register.octave + 1) }
        return ((try? key.cadence(tonic: register)) ?? []).map { SoundPhrase($0.notes.map { MIDINote($0.midiNumber) }, together: true) }
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
