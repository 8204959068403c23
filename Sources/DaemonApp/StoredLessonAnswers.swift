import Daemon
import Foundation
import Statistics
import Training

/// A lesson's answers as the statistics keep them, for `PlanFollower`: the answers of `profile`
/// since the lesson began, in sessions whose stored options are the lesson's exercise (a session
/// of another exercise between them does not count). Read a page at a time; none when the
/// statistics cannot be read (the lesson then counts from its next session).
enum StoredLessonAnswers {
    static func reader(_ store: any StatisticsStore) -> PlanFollower.StoredAnswers {
        { profile, since, exercise in
            guard let sessions = try? store.sessions(profile: profile) else { return [] }
            let lessonSessions = Set(sessions.lazy.map(\.start).filter { start in
                start.exercise == exercise.kind && decoded(start) == exercise
            }.map(\.id))
            guard !lessonSessions.isEmpty else { return [] }
            var answers: [(correct: Bool, attempt: Int, cents: Double?)] = []
            var after: AnswerPosition?
            repeat {
                guard let page = try? store.answers(profile: profile, after: after, limit: 5000) else { return answers }
                for answer in page.lazy.map(\.answer) where answer.time >= since && lessonSessions.contains(answer.session) {
                    answers.append((answer.correct, answer.attempt, answer.cents))
                }
                after = page.count == 5000 ? page.last?.position : nil
            } while after != nil
            return answers
        }
    }

    /// The session's exercise read back from its stored options; nil for a session stored
    /// before they were kept.
    static func decoded(_ start: SessionStartRecord) -> Exercise? {
        guard let json = start.options, let module = ExerciseCatalog.module(named: start.exercise.rawValue) else { return nil }
        return decode(module, Data(json.utf8))
    }

    private static func decode<Module: ExerciseModule>(_ module: Module.Type, _ data: Data) -> Exercise? {
        (try? StatisticsRecorder.kindValueDecoder.decode(Module.self, from: data)).map { Exercise($0) }
    }
}
