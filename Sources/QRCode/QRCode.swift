import CQRencode

/// A QR code's modules (true: dark), encoded by libqrencode, and drawn for a terminal.
public struct QRCode: Sendable, Equatable {
    /// The modules, row by row; the symbol is square.
    public let modules: [[Bool]]

    /// Encodes `text` (8-bit, error correction M: readable with a quarter of it smudged), or nil
    /// when it does not fit in a QR code.
    public init?(_ text: String) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        modules = (0..<width).map { row in (0..<width).map { column in data[row * width + column] & 1 == 1 } }
    }

    /// For a terminal: two rows of modules a line with half blocks, dark on the terminal's light
    /// as a phone's camera needs it, inside the four-module quiet zone the standard asks for.
    public var terminalText: String {
        let quiet = 4
        let width = modules.count + 2 * quiet
        func dark(_ row: Int, _ column: Int) -> Bool {
            let r = row - quiet, c = column - quiet
            return modules.indices.contains(r) && modules.indices.contains(c) && modules[r][c]
        }
        var lines: [String] = []
        for row in stride(from: 0, to: width, by: 2) {
            var line = ""
            for column in 0..<width {
                // A light module is the block drawn; a dark one the gap (a terminal's background is
                // dark more often than not, so the light ground is drawn).
                switch (dark(row, column), dark(row + 1, column)) {
                case (false, false): line += "█"
                case (false, true): line += "▀"
                case (true, false): line += "▄"
                case (true, true): line += " "
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
