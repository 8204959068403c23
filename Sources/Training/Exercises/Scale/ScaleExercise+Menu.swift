import MusicTheory

extension ScaleExercise {
    /// The mode (white keys from C: ionian, dorian, …), then the root, played.
    public static var menuPages: [MenuPage] {
        [MenuPage(key: "mode", title: "mode", input: .choices(Mode.allCases.map { MenuChoice($0.name) })), .root]
    }
}
