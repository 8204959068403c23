import ControlProtocol
import Foundation
import Testing

/// The typed replies write the lines the daemon wrote when it built them by hand: whole numbers
/// without a point, an absent average as null, optional fields left out.
@Suite("Typed replies on the wire")
struct RepliesTests {
    @Test("small replies", arguments: [
        (Wire.encode(PairingOfferResult(code: "123456", expiresInSeconds: 300)), #"{"code":"123456","expires_in_seconds":300}"#),
        (Wire.encode(NotesBendResult(value: 410, cents: 10.01)), #"{"cents":10.01,"value":410}"#),
        (Wire.encode(NotesBendResult(value: 0, cents: 0)), #"{"cents":0,"value":0}"#),
        (Wire.encode(NotesPlayResult(played: ["C3+E3"], recorded: nil)), #"{"played":["C3+E3"]}"#),
        (Wire.encode(TopicsResult(topics: [.session, .answer])), #"{"topics":["answer","session"]}"#),
        (Wire.encode(SettingsResult(settings: [], configFile: nil, studentFile: nil)), #"{"config_file":null,"settings":[],"student_file":null}"#),
    ])
    func small(encoded: String, line: String) {
        #expect(encoded == line)
    }

    @Test("results: averages null when there is none, the mean error only where answers were tuned")
    func results() throws {
        let results = ResultsReport(
            correct: 1, errors: 0, revealed: 0, skipped: 0, roundsCompleted: 0, questionsFinished: 1, sessionSeconds: 2,
            errorRate: 0, averageResponseSeconds: nil, averageFirstNoteSeconds: 0.5,
            breakdown: [.init(subject: "P5", category: "interval", asked: 1, correct: 1, correctFirstTry: 1, errors: 0, revealed: 0,
                              averageResponseSeconds: nil)],
            confusions: [], thresholds: [])
        #expect(Wire.encode(results) == #"{"average_first_note_seconds":0.5,"average_response_seconds":null,"breakdown":[{"asked":1,"average_response_seconds":null,"category":"interval","correct":1,"correct_first_try":1,"errors":0,"revealed":0,"subject":"P5"}],"confusions":[],"correct":1,"error_rate":0,"errors":0,"questions_finished":1,"revealed":0,"rounds_completed":0,"session_seconds":2,"skipped":0,"thresholds":[]}"#)
        #expect(try Wire.decode(ResultsReport.self, from: Wire.value(results)) == results)
    }

    @Test("a status counts the events up to its seq; a reading, or a status without a seq, counts none")
    func statusIncludes() throws {
        let status = try JSONDecoder().decode(StatusResult.self, from: Data(#"""
            {"protocol_version":1,"daemon":"t","uptime_seconds":1,"devices":{"sequencer":false,"keyboard":false,"keyboards":[],
             "sound":false,"sound_device":"off","missing":[]},"storage":"available","seq":7}
            """#.utf8))
        func event(_ seq: Int, _ topic: Topic = .answer) -> EventReport {
            EventReport(seq: seq, type: topic == .listen ? "listen" : "note_judged", topic: topic, sessionSeconds: 0, text: "", details: .object([:]))
        }
        #expect(status.seq == 7)
        #expect(status.includes(event(6)) && status.includes(event(7)))
        #expect(!status.includes(event(8)))
        #expect(!status.includes(event(7, .listen)), "a reading carries the seq before it and is never counted")
        var older = status
        older.seq = nil
        #expect(!older.includes(event(1)), "a daemon that does not say counts nothing: every event is folded in")
    }
}

/// An event's details: the common fields and the kind's own beside them, in one object.
@Suite("Typed event details on the wire")
struct EventDetailsTests {
    @Test("a note_judged's fields and a kind's, in one object; read back apart")
    func judged() throws {
        let details = WithKindFields(NoteJudgedDetails(
            played: "C4", playedMidi: 60, correct: true, attempt: 1, responseSeconds: 0.5, sincePromptSeconds: 0.5, staff: []),
            kindFields: ["tolerance_ms": .number(80)])
        #expect(Wire.encode(details) == #"{"attempt":1,"correct":true,"played":"C4","played_midi":60,"response_seconds":0.5,"since_prompt_seconds":0.5,"staff":[],"tolerance_ms":80}"#)
        #expect(try Wire.decode(WithKindFields<NoteJudgedDetails>.self, from: Wire.value(details)) == details)
        #expect(try Wire.decode(NoteJudgedDetails.self, from: Wire.value(details)) == details.own, "the message alone, the kind's fields left")
        #expect(details.playedMidi == 60, "a member read through the kind's fields")
    }

    @Test("an answer revealed keeps the kind's pattern beside the answers")
    func revealed() throws {
        let details = WithKindFields(AnswerRevealedDetails(
            answers: [ExpectedNoteReport(note: "F3", midi: 53, exactOctave: false)], reason: "skipped", staff: []),
            kindFields: ["pattern": .object(["tempo": .number(120)])])
        #expect(Wire.encode(details) == #"{"answers":[{"exact_octave":false,"midi":53,"note":"F3"}],"pattern":{"tempo":120},"reason":"skipped","staff":[]}"#)
        #expect(try Wire.decode(WithKindFields<AnswerRevealedDetails>.self, from: Wire.value(details)) == details)
    }
}
