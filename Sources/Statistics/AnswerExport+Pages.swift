import Foundation

/// The two forms an export takes.
public enum ExportFormat: String, Sendable, Hashable, CaseIterable {
    case csv, json
}

/// One page of an export: its part of the text (the parts of every page, joined in order, are
/// the whole export: CSV's header on the first, JSON's closing bracket on the last), how many
/// answers it holds, and where the next page starts (nil on the last).
public struct ExportPage: Sendable, Hashable {
    public var data: String
    public var answers: Int
    public var next: AnswerPosition?
}

extension AnswerExport {
    /// The most answers one page holds, and the default.
    public static let pageLimit = 1000
    /// A page stops once its text would take this many bytes in a JSON string (escapes counted):
    /// with one answer's line past it at most, a reply stays far under the socket's 1 MiB per
    /// client, and the daemon holds one page, not the history.
    public static let pageBytes = 256 * 1024

    /// The page of `profile`'s answers (every profile's when nil) after `after` (from the first
    /// when nil): at most `limit` answers and about `bytes` bytes, read from the store a page at a time.
    public static func page(
        _ store: any StatisticsStore, profile: String?, format: ExportFormat, after: AnswerPosition?,
        limit: Int = pageLimit, bytes: Int = pageBytes
    ) throws(StatisticsError) -> ExportPage {
        precondition((1...pageLimit).contains(limit), "a page holds 1 to \(pageLimit) answers")
        // One more than the page takes says whether another page follows.
        let read = try store.answers(profile: profile, after: after, limit: limit + 1)
        var text = after == nil ? header(format) : ""
        var size = escapedSize(text)
        var sessions: [UUID: String] = [:]
        var count = 0
        for positioned in read.prefix(limit) {
            if count > 0 && size >= bytes { break }
            let line = row(positioned.answer, format, first: after == nil && count == 0, sessions: &sessions)
            size += escapedSize(line)
            text += line
            count += 1
        }
        let next = count < read.count ? read[count - 1].position : nil
        if next == nil { text += footer(format) }
        return ExportPage(data: text, answers: count, next: next)
    }

    /// The bytes `text` takes inside a JSON string, as the reply's encoder writes it: quotes,
    /// backslashes, slashes and the short escapes take two, other control characters six.
    static func escapedSize(_ text: String) -> Int {
        text.utf8.reduce(0) { size, byte in
            switch byte {
            case 0x22, 0x5C, 0x2F, 0x08, 0x09, 0x0A, 0x0C, 0x0D: size + 2
            case ..<0x20: size + 6
            default: size + 1
            }
        }
    }
}
