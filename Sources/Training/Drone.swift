import MusicTheory

/// The tonic drone (`training.drone`): a soft steady tone on the question's tonic under `degree`,
/// `dictation` and the intonation kinds, in the low or the high part of the note range, or none.
public enum Drone: String, NamedChoice {
    case off, low, high

    /// The drone's key for a question tuned against `root`: the root's pitch class at the lowest
    /// key of `range` that has it (`low`), or an octave above when that is in the range (`high`).
    public func key(for root: MIDINote, in range: ClosedRange<MIDINote>) -> MIDINote? {
        guard self != .off else { return nil }
        let lowest = range.lowerBound.rawValue
        let low = lowest + ((root.rawValue - lowest) % 12 + 12) % 12
        guard low <= range.upperBound.rawValue else { return nil }
        return MIDINote(self == .high && low + 12 <= range.upperBound.rawValue ? low + 12 : low)
    }
}
