/// Versions of a question side by side (a `pure` question's two): each with its label and what it
/// was, the right one and the one the key chose marked.
public struct VersionsFigure: Sendable, Hashable {
    /// One version.
    public struct Version: Sendable, Hashable {
        /// Its name for a reader of the drawing (`data-version`): `first`, `second`.
        public var name: String
        /// Its label: `1st`, `2nd`.
        public var label: String
        /// What it was: `pure`, `13.7 c off`.
        public var words: String
        /// Whether it is the one asked for.
        public var isRight: Bool
        /// Whether the key chose it.
        public var isChosen: Bool

        public init(name: String, label: String, words: String, isRight: Bool, isChosen: Bool) {
            self.name = name
            self.label = label
            self.words = words
            self.isRight = isRight
            self.isChosen = isChosen
        }
    }

    public var versions: [Version]
    public var correct: Bool

    public init(versions: [Version], correct: Bool) {
        self.versions = versions
        self.correct = correct
    }
}
