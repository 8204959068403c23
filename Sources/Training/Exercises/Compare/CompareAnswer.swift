/// What a compare answer's `note_judged` event adds, once answered: the second note's offset
/// from in tune in cents, sharp positive, and what the key said (`higher`, `lower`).
public struct CompareAnswer: KindDetails {
    public var secondCents: Double
    public var answered: String

    enum CodingKeys: String, CodingKey {
        case secondCents = "second_cents", answered
    }
}
