import Foundation
import Statistics
import Training

/// A known history: five sessions of the `default` profile over forty days, one of them cut short
/// (no end), and one session of `anna` that must never count for `default`.
enum ScriptedHistory {
    struct Answer {
        let correct: Bool
        let seconds: Double
        var interval: String? = nil
        var degree: Int? = nil
    }

    struct Session {
        let id: UUID
        let profile: String
        let daysAgo: Double
        let exercise: ExerciseKind
        let mode: String?
        let root: String
        let answers: [Answer]
        let length: Double?
    }

    static let sessions: [Session] = [
        Session(id: id(1), profile: "default", daysAgo: 40, exercise: .scale, mode: "dorian", root: "D",
                answers: [.init(correct: true, seconds: 2, degree: 1), .init(correct: true, seconds: 2, degree: 2),
                          .init(correct: false, seconds: 4, degree: 3), .init(correct: true, seconds: 2, degree: 3)],
                length: 60),
        Session(id: id(2), profile: "default", daysAgo: 20, exercise: .interval, mode: nil, root: "E",
                answers: [.init(correct: true, seconds: 1, interval: "m3"), .init(correct: false, seconds: 3, interval: "m3"),
                          .init(correct: true, seconds: 2, interval: "P5")],
                length: 30),
        Session(id: id(5), profile: "default", daysAgo: 9, exercise: .scale, mode: "dorian", root: "D",
                answers: [.init(correct: false, seconds: 3, degree: 1), .init(correct: true, seconds: 2, degree: 1)],
                length: 10),
        Session(id: id(3), profile: "default", daysAgo: 3, exercise: .scale, mode: "ionian", root: "C",
                answers: [.init(correct: true, seconds: 1, degree: 1), .init(correct: true, seconds: 1, degree: 2),
                          .init(correct: true, seconds: 1, degree: 3)],
                length: 20),
        // Killed mid-session: no end record; it lasted until its last answer, 15 s after its start.
        Session(id: id(4), profile: "default", daysAgo: 2, exercise: .interval, mode: nil, root: "E",
                answers: [.init(correct: true, seconds: 1, interval: "m3"), .init(correct: false, seconds: 2, interval: "P5"),
                          .init(correct: true, seconds: 3, interval: "P5")],
                length: nil),
        Session(id: id(7), profile: "anna", daysAgo: 1, exercise: .scale, mode: "ionian", root: "C",
                answers: [.init(correct: false, seconds: 9, degree: 1), .init(correct: false, seconds: 9, degree: 1)],
                length: 12),
    ]

    static func id(_ n: Int) -> UUID { UUID(uuidString: "00000000-0000-0000-0000-00000000000\(n)")! }

    /// The answer records, in time order.
    static var answerRecords: [AnswerRecord] {
        sessions.sorted { $0.daysAgo > $1.daysAgo }.flatMap { session in
            let start = scriptNow - session.daysAgo * 86400
            return session.answers.enumerated().map { offset, answer in
                AnswerRecord(
                    time: start + Double(offset + 1) * 5, session: session.id, profile: session.profile,
                    exercise: session.exercise, root: session.root, mode: session.mode, interval: answer.interval,
                    degree: answer.degree, expected: "E3", expectedMIDI: 52, playedMIDI: answer.correct ? 52 : 53,
                    correct: answer.correct, attempt: 1, responseSeconds: answer.seconds,
                    item: answer.interval.map { AnswerItem(category: "interval", label: $0) }
                        ?? answer.degree.map { AnswerItem(category: "degree", label: "degree \($0)") })
            }
        }
    }

    /// Records the whole history into `store`, each session's start, answers and end in order.
    static func record(into store: any StatisticsStore) throws {
        let answers = answerRecords
        for session in sessions {
            let start = scriptNow - session.daysAgo * 86400
            try store.recordSessionStart(
                SessionStartRecord(id: session.id, profile: session.profile, startedAt: start, exercise: session.exercise,
                                   mode: session.mode, root: session.root))
            for answer in answers where answer.session == session.id { try store.recordAnswer(answer) }
            if let length = session.length {
                try store.recordSessionEnd(
                    SessionEndRecord(id: session.id, endedAt: start + length, lengthSeconds: length,
                                     correct: session.answers.count { $0.correct },
                                     errors: session.answers.count { !$0.correct }))
            }
        }
    }
}
