import Glibc

/// Text a client shows a person as it came from elsewhere (a browser's name, an address): what
/// may be shown as it is, and the rest made visible. A control character would move a terminal's
/// cursor or rewrite its title; a bidi override would show a line in another order than it reads.
public enum PrintableText {
    /// Whether `scalar` changes how a terminal or a line of text is shown rather than being a
    /// character of it: C0 and C1 controls, DEL, and the bidi controls.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0: true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: true
        default: false
        }
    }

    /// Whether `text` holds nothing `isControl`.
    public static func isPrintable(_ text: String) -> Bool {
        !text.unicodeScalars.contains(where: isControl)
    }

    /// `text` with each control shown as its code (`\u{1B}`), the rest as it is.
    public static func escaped(_ text: String) -> String {
        guard !isPrintable(text) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Whether `text` is an IPv4 or IPv6 address as `inet_pton(3)` reads one.
    public static func isIPAddress(_ text: String) -> Bool {
        var bytes = [UInt8](repeating: 0, count: 16)
        return inet_pton(AF_INET, text, &bytes) == 1 || inet_pton(AF_INET6, text, &bytes) == 1
    }
}
