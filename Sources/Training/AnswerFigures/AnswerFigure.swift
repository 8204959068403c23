/// What a kind draws of a question once it is over, in a drawing's own terms: a client draws the
/// figure (ClientViews: SVG for the web page, text for `watch`) and never asks which kind made it.
/// A kind gives its figure from the events' details alone (`ExerciseClientText.answerFigure`), so
/// it never shows more than they give, and they give it only once the question is over.
public struct AnswerFigure: Sendable, Hashable {
    /// The kinds of drawing there are; each kind of exercise picks one.
    public enum Drawing: Sendable, Hashable {
        /// A rhythm as notation, each onset marked as it was played (`rhythm`, a `dictation` in time).
        case rhythm(RhythmAnswer)
        /// Marks on a scale of cents either side of in tune (`match`, `compare`).
        case cents(CentsFigure)
        /// Versions side by side, the right one and the one chosen marked (`pure`).
        case versions(VersionsFigure)
    }

    public var drawing: Drawing
    /// The answer in words, beside the drawing.
    public var words: String
    /// What the drawing's marks mean, where it has marks that need it.
    public var legend: String?

    public init(_ drawing: Drawing, words: String, legend: String? = nil) {
        self.drawing = drawing
        self.words = words
        self.legend = legend
    }
}
