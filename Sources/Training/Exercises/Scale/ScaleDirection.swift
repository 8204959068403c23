import MusicTheory

/// Which way a scale round goes: up from the root to its octave, down from the octave to the
/// root, or up and back down (the top note once).
public enum ScaleDirection: String, NamedChoice {
    case ascending
    case descending
    case upAndDown = "up-and-down"

    /// The positions of a scale's `count` notes (root 0 … octave `count − 1`) in the order played.
    public func order(_ count: Int) -> [Int] {
        switch self {
        case .ascending: Array(0..<count)
        case .descending: Array((0..<count).reversed())
        case .upAndDown: Array(0..<count) + Array((0..<(count - 1)).reversed())
        }
    }

    /// How the question says it after the root: "" (up is the usual way), ", down", ", up and down".
    var asked: String {
        switch self {
        case .ascending: ""
        case .descending: ", down"
        case .upAndDown: ", up and down"
        }
    }
}
