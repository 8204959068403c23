#if canImport(Glibc)
import Glibc
#endif
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
        "played", "played_midi", "correct", "attempt", "response_seconds", "item", "cents", "question",
    ]

    /// RFC 4180 CSV with a header line and CRLF line ends.
    public static func csv(_ answers: [AnswerRecord]) -> String {
        whole(answers, .csv)
    }

    /// A JSON array of objects, one per answer, keys in column order; absent values are null.
    public static func json(_ answers: [AnswerRecord]) -> String {
        whole(answers, .json)
    }

    private static func whole(_ answers: [AnswerRecord], _ format: ExportFormat) -> String {
        var sessions: [UUID: String] = [:]
        var text = header(format)
        for (index, answer) in answers.enumerated() { text += row(answer, format, first: index == 0, sessions: &sessions) }
        return text + footer(format)
    }

    /// What comes before the first answer: CSV's header line, JSON's `[`.
    static func header(_ format: ExportFormat) -> String {
        switch format {
        case .csv: columns.joined(separator: ",") + "\r\n"
        case .json: "["
        }
    }

    /// What comes after the last answer.
    static func footer(_ format: ExportFormat) -> String {
        switch format {
        case .csv: ""
        case .json: "]\n"
        }
    }

    /// One answer: a CSV line, or a JSON object (after a comma and a line end, unless `first`).
    static func row(_ answer: AnswerRecord, _ format: ExportFormat, first: Bool, sessions: inout [UUID: String]) -> String {
        switch format {
        case .csv:
            return fields(answer, sessions: &sessions).map { field in field.map(quote) ?? "" }.joined(separator: ",") + "\r\n"
        case .json:
            var text = first ? "{" : ",\n{"
            for (column, value) in jsonValues(answer, sessions: &sessions).enumerated() {
                if column > 0 { text += "," }
                text += jsonKeys[column]
                text += value
            }
            return text + "}"
        }
    }

    private static let jsonKeys = columns.map { jsonString($0) + ":" }

    /// Numbers and booleans are bare in JSON; everything else is a string or null.
    private static let bareColumns = columns.map {
        ["degree", "expected_midi", "played_midi", "correct", "attempt", "response_seconds", "cents", "question"].contains($0)
    }

    /// One answer's fields; `sessions` caches each session id's text across rows.
    static func fields(_ answer: AnswerRecord, sessions: inout [UUID: String]) -> [String?] {
        let session = sessions[answer.session] ?? answer.session.uuidString.lowercased()
        sessions[answer.session] = session
        return [
            timestamp(answer.time), session, answer.profile, answer.exercise.rawValue,
            answer.root, answer.mode, answer.interval, answer.degree.map(String.init), answer.expected,
            String(answer.expectedMIDI), noteName(answer.playedMIDI), String(answer.playedMIDI),
            answer.correct ? "true" : "false", String(answer.attempt), seconds(answer.responseSeconds), answer.item?.label,
            answer.cents.map(centsText), answer.question,
        ]
    }

    static func jsonValues(_ answer: AnswerRecord, sessions: inout [UUID: String]) -> [String] {
        fields(answer, sessions: &sessions).enumerated().map { column, value in
            guard let value else { return "null" }
            return bareColumns[column] ? value : jsonString(value)
        }
    }

    static func quote(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0D || $0 == 0x0A }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func jsonString(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return "\"" + text + "\"" }
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

    /// `2026-03-31T12:00:05.250Z`, by hand: a formatter per row made exporting slow.
    static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000)
        let fraction = Int(milliseconds - Int64(seconds) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))T"
            + "\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2)).\(pad(fraction, 3))Z"
    }

    /// Seconds with three decimals: `2.000`.
    static func seconds(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        return "\(thousandths < 0 ? "-" : "")\(abs(thousandths) / 1000).\(pad(abs(thousandths) % 1000, 3))"
    }

    /// Cents to a hundredth, as a bare number (`3.05`, `-0.40`).
    static func centsText(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths < 0 ? "-" : "")\(abs(hundredths) / 100).\(pad(abs(hundredths) % 100, 2))"
    }

    private static func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    static func noteName(_ midi: Int) -> String {
        MIDINote.validRange.contains(midi) ? noteNames[midi] : String(midi)
    }

    private static let noteNames = MIDINote.validRange.map { MIDINote($0).description }
}
