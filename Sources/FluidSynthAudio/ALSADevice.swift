import Training

/// What `audio.device` asks of the `alsa` driver: a device ALSA names itself, or a sound card by a
/// piece of its name, matched the way `midi.keyboards` matches keyboards (`NamePattern`).
public enum ALSADevice: Sendable, Hashable {
    /// `default`, or anything with a colon (`hw:1,0`, `plughw:CARD=Device,DEV=0`): opened as it is.
    case named(String)
    /// A piece of a card's id, name or long name, any case (`USB Audio`).
    case card(NamePattern)

    public init(parsing text: String) {
        self = text == "default" || text.contains(":") ? .named(text) : .card(NamePattern(text))
    }

    /// Whether this names `card`: a pattern matching its id, name or long name, or an ALSA name
    /// that says which card (`hw:1,0`, `plughw:CARD=Device,DEV=0`). `default` names none: ALSA's
    /// configuration decides where it goes.
    public func names(_ card: SoundCard) -> Bool {
        switch self {
        case .card(let pattern):
            return pattern.matches(card.id, card.name, card.longName)
        case .named(let name):
            guard let colon = name.firstIndex(of: ":") else { return false }
            var first = name[name.index(after: colon)...].prefix { $0 != "," }
            if first.hasPrefix("CARD=") { first = first.dropFirst(5) }
            return Int(first).map { $0 == card.index } ?? (first == card.id)
        }
    }

    /// The device to open among `cards`. A pattern opens the first card it names (by index) as
    /// `plughw:CARD=<id>,DEV=0`, whose plug layer converts the daemon's float samples and rate to
    /// what the card takes. A pattern naming no card is handed to ALSA as it is, so ALSA's own
    /// devices without a colon (`null`, `sysdefault`, `pulse`, one of ~/.asoundrc) keep working;
    /// `card` is nil then, and a failure to open says no card matched.
    public func target(among cards: [SoundCard]) -> (device: String, card: SoundCard?) {
        switch self {
        case .named(let name):
            return (name, cards.first(where: names))
        case .card(let pattern):
            guard let card = cards.first(where: names) else { return (pattern.text, nil) }
            return ("plughw:CARD=\(card.id),DEV=0", card)
        }
    }
}
