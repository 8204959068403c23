import ClassProtocol
import Foundation
import Statistics

/// The box's side of a class: each round asks the hub where it holds the box, then pushes the
/// box's answers after that, page after page. The box keeps no cursor of its own, so a hub
/// restored from an older backup is sent again what it lacks, and a box killed mid-push loses
/// nothing. Failed rounds are tried again with a growing wait (`ClassSync.wait(after:)`).
public actor ClassSync {
    /// Answers in one push.
    public static let pageSize = 500
    /// An answer this recent is left for the next round, unless its session has ended: a sung
    /// note's cents are measured again once it ends.
    public static let settling = 30.0
    /// Tries in one round before it waits for the next.
    public static let triesPerRound = 8

    public nonisolated let membership: ClassMembership
    private let store: SQLiteStatisticsStore
    private let transport: any HubTransport
    private let now: @Sendable () -> Double
    /// Told of each assignment the hub sends that differs from the one before (nil: withdrawn).
    private let assigned: @Sendable (ClassAssignment?) async -> Void
    private var assignment: ClassAssignment?
    /// Answers stored before this instant are final: a session ended after them (`settle()`).
    private var settledThrough = 0.0

    /// What `class.status` shows.
    public private(set) var progress = Progress()

    public struct Progress: Sendable, Hashable {
        /// Everything up to this row is on the hub, as it last said.
        public var pushedThrough: Int64 = 0
        /// Answers pushed since the daemon started, and how many of those the hub held already.
        public var pushed = 0
        public var duplicates = 0
        public var lastRoundAt: Double?
        /// Why the last try failed; nil after a round that succeeded.
        public var lastError: String?
        /// The hub said the box left the class (the teacher removed it, or deleted its student).
        public var left = false
    }

    public init(membership: ClassMembership, store: SQLiteStatisticsStore, transport: any HubTransport,
                now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
                assigned: @escaping @Sendable (ClassAssignment?) async -> Void = { _ in }) {
        self.membership = membership
        self.store = store
        self.transport = transport
        self.now = now
        self.assigned = assigned
        assignment = membership.assignment
    }

    /// A session ended: every answer stored until now is final, and the next round pushes it
    /// without waiting for it to settle.
    public func settle() {
        settledThrough = now()
    }

    /// Answers stored and not yet on the hub (as far as the box knows).
    public func pending() throws -> Int {
        try store.answersStored(profile: membership.profile, after: progress.pushedThrough)
    }

    /// One round: where the hub is, then every settled answer after it. Returns false when the
    /// box has left the class.
    @discardableResult
    public func round() async throws -> Bool {
        do {
            let state = try await transport.state()
            progress.pushedThrough = state.ackedThrough
            if state.leave {
                progress.left = true
                return false
            }
            if state.assignment != assignment {
                assignment = state.assignment
                await assigned(state.assignment)
            }
            var acked = state.ackedThrough
            while true {
                let page = try store.answersToPush(profile: membership.profile, after: acked,
                                                   settledBefore: max(now() - Self.settling, settledThrough), limit: Self.pageSize)
                guard let last = page.last else { break }
                let receipt = try await transport.push(
                    AnswerPush(after: acked, through: last.seq, sentAt: now(), answers: page.map(Self.pushed)))
                acked = receipt.ackedThrough
                progress.pushedThrough = acked
                progress.pushed += page.count
                progress.duplicates += receipt.duplicates
                if page.count < Self.pageSize { break }
            }
            progress.lastRoundAt = now()
            progress.lastError = nil
            return true
        } catch {
            progress.lastError = "\(error)"
            throw error
        }
    }

    /// A round now, then one at each of `wakes` (a timer's ticks, a session's end) until they
    /// end or the task is cancelled; a failed round is tried again after `wait(after:)`, at most
    /// `triesPerRound` times. Returns when the hub says the box left.
    public func run(wakes: AsyncStream<Void>, sleep: @Sendable (Duration) async throws -> Void) async {
        guard await roundWithRetries(sleep: sleep) else { return }
        for await _ in wakes {
            guard await roundWithRetries(sleep: sleep) else { return }
        }
    }

    /// A round, tried again after a failure; false when the box has left the class.
    private func roundWithRetries(sleep: @Sendable (Duration) async throws -> Void) async -> Bool {
        for attempt in 1...Self.triesPerRound {
            do {
                return try await round()
            } catch let error as HubError where error.code == "left" {
                progress.left = true
                return false
            } catch {
                guard attempt < Self.triesPerRound, !Task.isCancelled else { return true }
                do { try await sleep(Self.wait(after: attempt, jitter: Double.random(in: -0.2...0.2))) } catch { return true }
            }
        }
        return true
    }

    /// How long to wait after the `attempt`th failed try: 5 s, 10 s, 20 s… up to 30 minutes,
    /// moved by `jitter` (a fraction, ±0.2), so that a class of boxes does not come back at once.
    public static func wait(after attempt: Int, jitter: Double) -> Duration {
        let seconds = min(5 * pow(2, Double(max(0, attempt - 1))), 1_800)
        return .milliseconds(Int64((seconds * (1 + jitter) * 1000).rounded()))
    }

    /// An answer as the hub takes it.
    static func pushed(_ synced: SyncedAnswer) -> PushedAnswer {
        let answer = synced.answer
        var record: [String: String] = ["root": answer.root, "expected": answer.expected, "profile": answer.profile]
        record["mode"] = answer.mode
        record["interval"] = answer.interval
        record["degree"] = answer.degree.map(String.init)
        record["question"] = answer.question
        return PushedAnswer(
            uid: synced.uid, seq: synced.seq, time: answer.time.timeIntervalSince1970, session: answer.session.uuidString.lowercased(),
            exercise: answer.exercise.rawValue, item: answer.item?.label, expectedMIDI: answer.expectedMIDI,
            playedMIDI: answer.playedMIDI, correct: answer.correct, attempt: answer.attempt,
            responseSeconds: answer.responseSeconds, cents: answer.cents, record: record)
    }
}
