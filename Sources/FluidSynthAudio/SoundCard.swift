import Foundation

/// One ALSA sound card, as the kernel lists it in /proc/asound/cards.
///
/// The cards are read from that file rather than through libasound's `snd_card_next`,
/// `snd_card_get_name` and `snd_card_get_longname`: the file holds the same id, name and long
/// name the kernel gives libasound, reading it needs no C library here (this target imports
/// CFluidSynth alone, and only ALSASequencer imports CALSA), and a test hands the parser a
/// fixture where this machine has no sound subsystem at all. No file means no cards.
public struct SoundCard: Sendable, Hashable {
    /// The card's number: `hw:1` is card 1.
    public var index: Int
    /// The card's id, what `hw:CARD=<id>` names (`PCH`, `Device`, `Loopback`).
    public var id: String
    /// The kernel driver (`HDA-Intel`, `USB-Audio`).
    public var driver: String
    /// The short name (`HDA Intel PCH`, `USB Audio Device`).
    public var name: String
    /// The long name (`C-Media Electronics Inc. USB Audio Device at usb-0000:00:14.0-2, full speed`).
    public var longName: String

    public init(index: Int, id: String, driver: String, name: String, longName: String) {
        self.index = index
        self.id = id
        self.driver = driver
        self.name = name
        self.longName = longName
    }

    /// Where the kernel lists the cards.
    public static let listPath = "/proc/asound/cards"

    /// The cards present now, by index; none when the list cannot be read (no sound subsystem).
    public static func present(listPath: String = listPath) -> [SoundCard] {
        guard let text = try? String(contentsOfFile: listPath, encoding: .utf8) else { return [] }
        return parse(text)
    }

    /// Reads the kernel's list: per card a line `%2i [%-15s]: %s - %s` (index, id, driver, name)
    /// and a line holding the long name; `--- no soundcards ---` when there is none.
    public static func parse(_ text: String) -> [SoundCard] {
        var cards: [SoundCard] = []
        var longNameDue = false
        for line in text.split(separator: "\n") {
            if let card = headline(line) {
                cards.append(card)
                longNameDue = true
            } else if longNameDue {
                cards[cards.count - 1].longName = line.trimmingCharacters(in: .whitespaces)
                longNameDue = false
            }
        }
        return cards
    }

    private static func headline(_ line: Substring) -> SoundCard? {
        guard let open = line.firstIndex(of: "["), let index = Int(line[..<open].trimmingCharacters(in: .whitespaces)),
              let close = line[open...].firstIndex(of: "]"), line[close...].hasPrefix("]: ")
        else { return nil }
        let id = line[line.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
        let rest = line[line.index(close, offsetBy: 3)...]
        let (driver, name) = rest.range(of: " - ").map { (String(rest[..<$0.lowerBound]), String(rest[$0.upperBound...])) }
            ?? (String(rest), "")
        return SoundCard(index: index, id: id, driver: driver, name: name, longName: "")
    }
}

extension SoundCard: CustomStringConvertible {
    /// `1 Device 'USB Audio Device'`.
    public var description: String { "\(index) \(id) '\(name)'" }
}
