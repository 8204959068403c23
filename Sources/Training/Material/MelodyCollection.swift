import MusicTheory

/// A collection of the melodies eartrainer ships (`dictation --library`): public-domain folk airs,
/// chorale melodies, or both.
public enum MelodyCollection: String, NamedChoice {
    case folk
    case chorale
    case all
}
