import MusicTheory

/// A collection of melodies to draw dictations from (`dictation --library`): the public-domain
/// folk airs or chorale melodies eartrainer ships, both, or the teacher's own scores (the config's
/// `[training.library] paths`).
public enum MelodyCollection: String, NamedChoice {
    case folk
    case chorale
    case all
    case own
}
