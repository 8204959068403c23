import Foundation
import Statistics
import Testing

@Suite("Exporting every answer")
struct ExportTests {
    let answers = Array(ScriptedHistory.answerRecords.prefix(2))

    @Test("CSV: a header and one line per answer")
    func csv() {
        let lines = AnswerExport.csv(answers).components(separatedBy: "\r\n")
        #expect(lines.count == 4 && lines[3] == "")
        #expect(lines[0] == AnswerExport.columns.joined(separator: ","))
        #expect(lines[1] == "2026-02-19T12:00:05.000Z,00000000-0000-0000-0000-000000000001,default,scale,D,dorian,,1,E3,52,E3,52,true,1,2.000,degree 1,,")
        #expect(lines[2].hasPrefix("2026-02-19T12:00:10.000Z,"))
    }

    @Test("JSON: an array of objects with the same columns, parseable")
    func json() throws {
        let text = AnswerExport.json(answers)
        let parsed = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(parsed.count == 2)
        #expect(Set(parsed[0].keys) == Set(AnswerExport.columns))
        #expect(parsed[0]["time"] as? String == "2026-02-19T12:00:05.000Z")
        #expect(parsed[0]["played_midi"] as? Int == 52)
        #expect(parsed[0]["correct"] as? Bool == true)
        #expect(parsed[0]["interval"] is NSNull)
        #expect(parsed[0]["response_seconds"] as? Double == 2)
    }

    @Test("fields with commas or quotes are quoted in CSV")
    func quoting() {
        var answer = answers[0]
        answer.profile = "a,\"b\""
        let line = AnswerExport.csv([answer]).components(separatedBy: "\r\n")[1]
        #expect(line.contains(",\"a,\"\"b\"\"\",scale,"))
    }
}
