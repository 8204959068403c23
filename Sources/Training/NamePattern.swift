/// A piece of a device's name, in any case: how the config file names keyboards
/// (`midi.keyboards = ["Keystation"]`) and sound cards (`audio.device = "USB Audio"`). One rule for
/// both, so a name that finds a keyboard finds a card the same way.
public struct NamePattern: Sendable, Hashable {
    /// The text as written.
    public let text: String
    private let folded: String

    public init(_ text: String) {
        self.text = text
        folded = text.lowercased()
    }

    /// Whether any of `names` contains the text, ignoring case.
    public func matches(_ names: String...) -> Bool {
        names.contains { $0.lowercased().contains(folded) }
    }
}

extension NamePattern: CustomStringConvertible {
    public var description: String { text }
}
