/// What a match answer's `note_judged` event adds: the band in cents it was judged in tune by.
public struct MatchAnswer: KindDetails {
    public var toleranceCents: Int

    enum CodingKeys: String, CodingKey {
        case toleranceCents = "tolerance_cents"
    }
}
