import Foundation
import Logging
import MusicTheory
import Synchronization
import Training

/// Follows the engine's event stream and records it: a session start, every judged answer, and
/// the session's results. Store errors are logged, never thrown: training goes on without
/// statistics.
///
/// What a failing store refused (a full disk, a locked file) is held in memory, up to
/// `heldLimit` records, and written in front of the next batch (or by `retryHeld()`), so a disk
/// that fills for a while, or a state directory that is read-only for a while, loses no answers.
/// An unavailable store (corrupt, from a newer version, no place for it) gets none.
/// Records are written in order only when one thread at a time records (the daemon's statistics
/// thread does all of it): two at once could each take part of what is held.
public final class StatisticsRecorder: Sendable {
    private struct State {
        var session: UUID?
        var exercise: ExerciseKind = ExerciseCatalog.standard[0].kind
        var root = ""
        var mode: String?
        var interval: String?
        /// The open question, its kind's own value, JSON.
        var question: String?
        /// The running session's student.
        var profile: String?
        var reportedUnavailable = false
        var failing = false
        /// Records a failing store refused, oldest first, to be written before anything newer.
        var held: [StatisticsRecord] = []
        /// When a write was last refused.
        var lastRefusal: Date?
        /// Records have been dropped, for want of room in `held`, since the store began failing.
        var losing = false
        /// Answers of the open question were recorded (they are read once it closes).
        var questionAnswered = false
        /// The last answer recorded was a sung note's, which its end may measure again.
        var lastAnswerSung = false
    }

    /// At most this many refused records wait in memory (10,000 answers are hours of training;
    /// 168 bytes each in the array, 1.7 MB); later ones are dropped and counted.
    public static let heldLimit = 10_000

    /// The store written to.
    public let store: any StatisticsStore
    /// Whose answers these are, unless a session names its own student.
    public let profile: String
    private let clock: any WallClock
    private let logger: Logger
    private let makeID: @Sendable () -> UUID
    private let state = Mutex(State())

    /// A recorder writing `profile`'s answers into `store`, timed by `clock`.
    public init(
        store: any StatisticsStore, profile: String, clock: any WallClock = SystemWallClock(), logger: Logger,
        makeID: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.store = store
        self.profile = profile
        self.clock = clock
        self.logger = logger
        self.makeID = makeID
    }

    /// Records what `event` means for the statistics; prompts only set the context of answers.
    public func record(_ event: TrainingEvent) {
        record([event])
    }

    /// Records what `events` mean in one transaction; false when something they meant was not
    /// stored (the store is unavailable or failing, and has said why).
    @discardableResult
    public func record(_ events: [TrainingEvent]) -> Bool {
        record(entries: events.map { Entry(event: $0) })
    }

    /// An event to record; a session's start may name the student it is for.
    public struct Entry: Sendable {
        public var event: TrainingEvent
        /// For a session start: whose session it is (nil: `profile`).
        public var profile: String?

        public init(event: TrainingEvent, profile: String? = nil) {
            self.event = event
            self.profile = profile
        }
    }

    /// Records what `entries` mean in one transaction (see `record(_:)`), after what is held.
    @discardableResult
    public func record(entries: [Entry]) -> Bool {
        let now = clock.now()
        let fresh = entries.flatMap { records(for: $0.event, profile: $0.profile, at: now) }
        return write(fresh)
    }

    /// How many refused records wait in memory for the store to take them.
    public var heldCount: Int { state.withLock { $0.held.count } }

    /// Tries again to write what is held (not sooner than `retryInterval` after the last
    /// refusal, unless `now`, as at exit); true when nothing is held any more.
    @discardableResult
    public func retryHeld(now: Bool = false) -> Bool {
        write([], force: now)
    }

    /// After a refusal, what comes is held without trying for this long: a batch of thousands
    /// of held records is not sent to a full disk with every note.
    public static let retryInterval: TimeInterval = 1

    /// Writes the held records and then `fresh`, all in one transaction, and on a failing store
    /// holds them all; soon after a refusal, only holds `fresh`.
    private func write(_ fresh: [StatisticsRecord], force: Bool = false) -> Bool {
        let now = clock.now()
        let held = state.withLock { state -> [StatisticsRecord]? in
            if !force, !state.held.isEmpty, let refused = state.lastRefusal,
                (0..<Self.retryInterval).contains(now.timeIntervalSince(refused))
            {
                return nil
            }
            defer { state.held.removeAll() }
            return state.held
        }
        guard let held else {
            hold(fresh, inFront: false)
            return false
        }
        let batch = held + fresh
        guard !batch.isEmpty else { return true }
        switch perform({ () throws(StatisticsError) in try store.record(batch) }) {
        case .stored:
            if !held.isEmpty { logger.notice("statistics: held records written", metadata: ["records": "\(held.count)"]) }
            return true
        case .unavailable:
            return false
        case .failed:
            state.withLock { $0.lastRefusal = now }
            hold(batch, inFront: true)
            return false
        }
    }

    /// Holds `records` in front of or behind those held already, up to `heldLimit`; says once
    /// when records start to be lost.
    private func hold(_ records: [StatisticsRecord], inFront: Bool) {
        guard !records.isEmpty else { return }
        let firstLoss = state.withLock { state in
            if inFront { state.held.insert(contentsOf: records, at: 0) } else { state.held.append(contentsOf: records) }
            let lost = max(0, state.held.count - Self.heldLimit)
            state.held.removeLast(lost)
            defer { state.losing = state.losing || lost > 0 }
            return lost > 0 && !state.losing
        }
        if firstLoss {
            logger.error("statistics: \(Self.heldLimit) records are held, as many as are kept; newer ones are lost until a write succeeds")
        }
    }

    private func records(for event: TrainingEvent, profile student: String?, at now: Date) -> [StatisticsRecord] {
        switch event.kind {
        case .sessionStarted(let started):
            let start = startRecord(started.exercise, profile: student ?? profile, at: now - event.sessionTime.seconds)
            state.withLock { $0.session = start.id; $0.exercise = start.exercise; $0.profile = start.profile }
            return [.sessionStart(start)]
        case .prompt(let prompt):
            let columns = prompt.question.shown.answerColumns
            let question = prompt.question.shown.storedJSON
            state.withLock { state in
                (state.root, state.mode, state.interval, state.question) = (columns.root, columns.mode, columns.interval, question)
            }
            // A new question closes the one before it: its answers may be read now.
            return prompt.isRepeat ? [] : closing()
        case .noteJudged(let judgement):
            guard let answer = answerRecord(judgement, at: now) else { return [] }
            state.withLock { $0.questionAnswered = true; $0.lastAnswerSung = judgement.sung != nil }
            return [.answer(answer)]
        case .noteMeasured(let measured):
            // The sung note recorded last, measured whole: its cents replace those judged.
            let session = state.withLock { state in
                defer { state.lastAnswerSung = false }
                return state.lastAnswerSung ? state.session : nil
            }
            return session.map { [.answerMeasured(session: $0, cents: measured.sung.cents)] } ?? []
        case .sessionEnded(let results):
            guard let id = state.withLock({ $0.session }) else { return [] }
            state.withLock { $0.questionAnswered = false }  // the session's end closes its question
            return [.sessionEnd(SessionEndRecord(
                id: id, endedAt: now, lengthSeconds: results.sessionLength.seconds, correct: results.correct,
                errors: results.errors, resultsJSON: Self.json(results)))]
        case .answerRevealed:
            return closing()
        case .roundComplete:
            return []
        }
    }

    /// The record that closes the open question, when answers of it were recorded.
    private func closing() -> [StatisticsRecord] {
        state.withLock { state in
            defer { state.questionAnswered = false }
            guard state.questionAnswered, let session = state.session else { return [] }
            return [.questionClosed(session: session)]
        }
    }

    private func startRecord(_ exercise: Exercise, profile: String, at time: Date) -> SessionStartRecord {
        let columns = exercise.options.sessionColumns
        return SessionStartRecord(
            id: makeID(), profile: profile, startedAt: time, exercise: exercise.kind, mode: columns.mode, root: columns.root,
            intervals: columns.intervals, direction: columns.direction, options: exercise.options.storedJSON)
    }

    private func answerRecord(_ judgement: NoteJudgement, at time: Date) -> AnswerRecord? {
        let current = state.withLock { $0 }
        guard let session = current.session else { return nil }
        // A subject fills the answer column its category names, when there is one.
        var degree: Int?
        var interval = current.interval
        switch (judgement.subject.category, judgement.subject.value) {
        case ("degree", .number(let number)): degree = Int(number)
        case ("interval", _): interval = judgement.subject.label
        default: break
        }
        var answer = AnswerRecord(
            time: time, session: session, profile: current.profile ?? profile, exercise: current.exercise, root: current.root,
            mode: current.mode, interval: interval, degree: degree, expected: judgement.expected.spelled.description,
            expectedMIDI: judgement.expected.midiNote.rawValue, playedMIDI: judgement.played.rawValue,
            correct: judgement.correct, attempt: judgement.attempt, responseSeconds: judgement.responseTime.seconds,
            item: AnswerItem(category: judgement.subject.category, label: judgement.subject.label), cents: judgement.cents ?? judgement.sung?.cents,
            question: current.question)
        // Stored at once, read only once the question closes (the next prompt, a reveal, the end).
        answer.questionOpen = true
        return answer
    }

    private enum Outcome {
        case stored
        /// Nothing will be written: not worth holding.
        case unavailable
        /// This write failed; a later one may not.
        case failed
    }

    /// Runs a store call; says once when the store becomes unavailable or starts failing, not
    /// for every answer after.
    private func perform(_ body: () throws(StatisticsError) -> Void) -> Outcome {
        do {
            try body()
            let recovered = state.withLock { state in
                defer { state.failing = false; state.losing = false }
                return state.failing
            }
            if recovered { logger.notice("statistics recorded again") }
            return .stored
        } catch .unavailable(let reason) {
            let first = state.withLock { state in
                defer { state.reportedUnavailable = true }
                return !state.reportedUnavailable
            }
            if first { logger.warning("statistics unavailable; answers are not recorded", metadata: ["reason": "\(reason)"]) }
            return .unavailable
        } catch {
            let first = state.withLock { state in
                defer { state.failing = true }
                return !state.failing
            }
            if first { logger.error("statistics not recorded", metadata: ["error": "\(error)"]) }
            return .failed
        }
    }

    /// `value` as JSON with sorted keys: the same value, the same text. A kind's value
    /// (`kindJSON`) has its keys in snake_case, as every key on the wire is (`rootNote` is
    /// `root_note`); `kindValueDecoder` reads it back.
    private static func json(_ value: some Encodable, keys: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.keyEncodingStrategy = keys
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A kind's value as stored and exported.
    fileprivate static func kindJSON(_ value: some Encodable) -> String? { json(value, keys: .convertToSnakeCase) }

    /// Reads a kind's stored value (`SessionStartRecord.options`, `AnswerRecord.question`) back
    /// into its type.
    public static var kindValueDecoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}

extension ExerciseModule {
    /// The kind's options as the statistics keep them: its own typed value, JSON.
    fileprivate var storedJSON: String? { StatisticsRecorder.kindJSON(self) }
}

extension ExerciseQuestion {
    /// The question as the statistics keep it with each of its answers: its kind's own typed
    /// value, JSON (what was asked, read only once the question is over).
    fileprivate var storedJSON: String? { StatisticsRecorder.kindJSON(self) }
}
