/// What a pure answer's `note_judged` event adds, once answered: which was pure (`first`,
/// `second`) and what the key said.
public struct PureAnswer: KindDetails {
    public var pure: String
    public var answered: String
}
