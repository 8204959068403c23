import MusicTheory

extension Array where Element == SpelledInterval {
    /// A key played, named as the student would in a key whose degrees are these intervals above
    /// the tonic: the degree it is (`degree 5`), or its distance from the tonic when it is outside
    /// the scale (`m2`). `semitones` is its distance above the tonic, in any octave.
    func degreeName(semitones: Int) -> String {
        let distance = floorMod(semitones, 12)
        if let index = firstIndex(where: { $0.semitones % 12 == distance }) { return AnswerSubject.degree(index + 1).description }
        return Interval(rawValue: distance)!.description
    }
}
