import MusicTheory

/// What a student asks to hear again: the whole question, only what sets its key (the cadence),
/// or only its notes (`session.repeat`'s `part`, `eartrainctl repeat --cadence`, the keys and
/// `[midi.controls]`' `repeat_cadence` and `repeat_notes`).
public enum RepeatPart: String, NamedChoice {
    case all
    case cadence
    case notes
}
