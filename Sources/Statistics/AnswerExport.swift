import Foundation
import MusicTheory

/// Every answer as CSV or JSON, for `eartrainctl export --format csv|json`.
///
/// Both carry the same columns, in this order; times are UTC ISO 8601 with milliseconds, notes
/// are given both spelled and as MIDI numbers.
public enum AnswerExport {
    /// The columns, in order.
    public static let columns = [
        "time", "session", "profile", "exercise", "root", "mode", "interval", "degree", "expected", "expected_midi",
        "played", "played_midi", "correct", "attempt", "response_seconds",
    ]

    /// RFC 4180 CSV with a header line and CRLF line ends.
    public static func csv(_ answers: [AnswerRecord]) -> String {
        var lines = [columns.joined(separator: ",")]
        for answer in answers {
            lines.append(fields(answer).map { field in field.map(quote) ?? "" }.joined(separator: ","))
        }
        return lines.map { $0 + "\r\n" }.joined()
    }

    /// A JSON array of objects, one per answer, keys in column order; absent values are null.
    public static func json(_ answers: [AnswerRecord]) -> String {
        let objects = answers.map { answer in
            let values = zip(columns, jsonValues(answer)).map { "\(jsonString($0)):\($1)" }
            return "{" + values.joined(separator: ",") + "}"
        }
        return "[" + objects.joined(separator: ",\n") + "]\n"
    }

    static func fields(_ answer: AnswerRecord) -> [String?] {
        [
            timestamp(answer.time), answer.session.uuidString.lowercased(), answer.profile, answer.exercise.rawValue,
            answer.root, answer.mode, answer.interval, answer.degree.map(String.init), answer.expected,
            String(answer.expectedMIDI), noteName(answer.playedMIDI), String(answer.playedMIDI),
            answer.correct ? "true" : "false", String(answer.attempt), seconds(answer.responseSeconds),
        ]
    }

    static func jsonValues(_ answer: AnswerRecord) -> [String] {
        let text = fields(answer)
        // Numbers and booleans are bare; everything else is a string or null.
        let bare: Set<String> = ["degree", "expected_midi", "played_midi", "correct", "attempt", "response_seconds"]
        return zip(columns, text).map { column, value in
            guard let value else { return "null" }
            return bare.contains(column) ? value : jsonString(value)
        }
    }

    static func quote(_ field: String) -> String {
        guard field.contains(where: { ",\"\r\n".contains($0) }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }

    static func noteName(_ midi: Int) -> String {
        MIDINote.validRange.contains(midi) ? MIDINote(midi).description : String(midi)
    }
}
