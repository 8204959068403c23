import ClassProtocol
import ClassSync
import ConfigFile
import ControlProtocol
import Crypto
import Daemon
import Foundation
import ServiceLifecycle
import Statistics
import Synchronization
import Training

/// The box's side of a class (docs/class.md): the membership kept beside the statistics
/// (`class.json`), the sync's rounds while there is one (at start, then every `interval`), the
/// lesson plan the hub assigned, and what `class.join`, `class.status` and `class.leave` reach.
final class ClassService: Service, Sendable {
    let store: SQLiteStatisticsStore
    let path: String
    let defaultProfile: String
    let reporter: StdoutReporter
    let interval: Duration
    /// Follows a plan the hub assigned, or (nil) the config's own again.
    private let followPlan: @Sendable (LessonPlan?) async -> Void
    /// The plan the hub assigned, as the box reads it; nil: none, or one it cannot follow.
    private let assigned = Mutex<LessonPlan?>(nil)
    private let current = Mutex<ClassSync?>(nil)
    /// The running sync's rounds, cancelled when the membership changes (even in a retry's wait).
    private let running = Mutex<Task<Void, Never>?>(nil)
    /// Wakes the running sync for a round now (a session ended).
    private let wake = Mutex<AsyncStream<Void>.Continuation?>(nil)
    private let changes: AsyncStream<Void>
    private let changed: AsyncStream<Void>.Continuation

    init(store: SQLiteStatisticsStore, profile: String, reporter: StdoutReporter, interval: Duration = .seconds(60),
         follow: @escaping @Sendable (LessonPlan?) async -> Void = { _ in }) {
        self.store = store
        path = ClassMembership.path(besideDatabase: store.path)
        defaultProfile = profile
        self.reporter = reporter
        self.interval = interval
        followPlan = follow
        let (changes, changed) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.changes = changes
        self.changed = changed
        do {
            if let membership = try ClassMembership.load(path: path) {
                let plan = membership.assignment.flatMap(readPlan)
                assigned.withLock { $0 = plan }
                current.withLock { $0 = try? sync(membership) }
            }
        } catch {
            reporter.say("class: \(path) cannot be read (\(error)); join again", warning: true)
        }
    }

    /// The plan the hub assigned, followed over the config's `plan` (docs/plans.md).
    var assignedPlan: LessonPlan? { assigned.withLock { $0 } }

    func sync(_ membership: ClassMembership) throws -> ClassSync {
        ClassSync(membership: membership, store: store, transport: try HubHTTPClient(membership: membership),
                  assigned: { [weak self] assignment in await self?.receive(assignment) })
    }

    /// The hub sent another assignment (nil: it withdrew it): kept in `class.json`, so that it is
    /// followed while the hub is away, and followed from now.
    private func receive(_ assignment: ClassAssignment?) async {
        if var membership = try? ClassMembership.load(path: path) {
            membership.assignment = assignment
            do { try membership.save(path: path) } catch {
                reporter.say("class: the assignment cannot be kept in \(path): \(error)", warning: true)
            }
        }
        let plan = assignment.flatMap(readPlan)
        assigned.withLock { $0 = plan }
        if let assignment, plan != nil {
            reporter.say("class: the teacher assigned the plan \"\(assignment.title)\"; it is followed from now")
        } else if assignment == nil {
            reporter.say("class: the teacher withdrew the assignment; the config's plan is followed again")
        }
        await followPlan(plan)
    }

    /// The plan in an assignment, or nil (said on stdout) when this box cannot follow it.
    private func readPlan(_ assignment: ClassAssignment) -> LessonPlan? {
        do {
            return try LessonPlanFile.parse(assignment.plan, file: "(the class's plan \"\(assignment.title)\")")
        } catch {
            reporter.say("class: the assigned plan cannot be followed here: \(error)", warning: true)
            return nil
        }
    }

    /// The box left its class: a plan it was assigned is no longer followed.
    private func forgetAssignment() async {
        guard assigned.withLock({ plan in defer { plan = nil }; return plan != nil }) else { return }
        await followPlan(nil)
    }

    func run() async throws {
        await cancelWhenGracefulShutdown { [self] in
            var changes = self.changes.makeAsyncIterator()
            while !Task.isCancelled {
                guard let sync = current.withLock({ $0 }) else {
                    guard await changes.next() != nil else { return }
                    continue
                }
                let interval = self.interval
                let rounds = Task { [self] in
                    let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
                    self.wake.withLock { $0 = wake }
                    let ticker = Task {
                        while !Task.isCancelled {
                            try? await Task.sleep(for: interval)
                            wake.yield()
                        }
                    }
                    await sync.run(wakes: wakes) { try await Task.sleep(for: $0) }
                    ticker.cancel()
                }
                running.withLock { $0 = rounds }
                // Replaced between the read above and now: those rounds are over already.
                if current.withLock({ $0 !== sync }) { rounds.cancel() }
                await withTaskCancellationHandler { await rounds.value } onCancel: { rounds.cancel() }
                if await sync.progress.left, current.withLock({ $0 === sync }) {
                    ClassMembership.remove(path: path)
                    current.withLock { $0 = nil }
                    reporter.say("class: this box has left its class (the hub says so); its statistics stay")
                    await forgetAssignment()
                }
            }
        }
    }

    /// Ends the running sync's rounds and starts with `sync` (nil: no class).
    private func replace(with sync: ClassSync?) {
        current.withLock { $0 = sync }
        running.withLock { $0?.cancel(); $0 = nil }
        changed.yield()
    }

    var access: ClassAccess {
        ClassAccess(
            join: { [self] params throws(RPCError) in try await join(params) },
            status: { [self] in await status() },
            leave: { [self] () throws(RPCError) in
                let was = current.withLock { $0 != nil }
                ClassMembership.remove(path: path)
                replace(with: nil)
                if was { reporter.say("class: this box left its class; its statistics stay") }
                await forgetAssignment()
                return ClassLeaveResult(left: was)
            })
    }

    private func join(_ params: ClassJoinParams) async throws(RPCError) -> ClassJoinResult {
        guard let address = HubAddress(params.url) else {
            throw .invalidParams("url: https://HOST:PORT (http:// only to this machine: 127.0.0.1, localhost)")
        }
        guard let code = ClassCode(params.code) else { throw .invalidParams("code: as the teacher gave it, K7QF-93XD-M2XA-PW4R.9c1e…") }
        guard !address.secure || !code.fingerprint.isEmpty else {
            throw .invalidParams("code: this code carries no certificate fingerprint; an https hub's codes do")
        }
        let profile = params.profile ?? defaultProfile
        let name = params.name ?? ProcessInfo.processInfo.hostName
        let key = P256.Signing.PrivateKey()
        let reply: JoinReply
        do {
            reply = try await HubHTTPClient.join(address, fingerprint: code.fingerprint, code: code.secret, name: name, key: key)
        } catch {
            throw .classRefused("the hub did not take the code: \(error)")
        }
        let membership = ClassMembership(hub: address.description, fingerprint: code.fingerprint, box: reply.box, student: reply.student,
                                         profile: profile, token: reply.token, key: key.rawRepresentation.base64EncodedString(),
                                         joinedAt: Date().timeIntervalSince1970)
        do {
            try membership.save(path: path)
            replace(with: try sync(membership))
        } catch {
            throw .classRefused("joined, but \(path) cannot be written: \(error)")
        }
        reporter.say("class: joined \(address) as box \(reply.box); \(profile)'s answers go there")
        return ClassJoinResult(hub: address.description, box: reply.box, student: reply.student)
    }

    private func status() async -> ClassStatusResult {
        guard let sync = current.withLock({ $0 }) else { return ClassStatusResult(joined: false) }
        let progress = await sync.progress
        let membership = sync.membership
        return ClassStatusResult(
            joined: true, hub: membership.hub, box: membership.box, student: membership.student, profile: membership.profile,
            pushedThrough: progress.pushedThrough, pending: (try? await sync.pending()) ?? 0, pushed: progress.pushed,
            duplicates: progress.duplicates, lastRoundAt: progress.lastRoundAt, lastError: progress.lastError,
            assignment: assignedPlan?.name)
    }
}

extension ClassService: EventFollower {
    /// A session's end: its answers are final, and go to the hub a moment later (once the
    /// statistics writer has them), not at the next tick.
    func follow(_ report: EventReport, event: TrainingEvent?) {
        guard let kind = event?.kind, case .sessionEnded = kind, let sync = current.withLock({ $0 }) else { return }
        let wake = self.wake.withLock { $0 }
        Task {
            try? await Task.sleep(for: .seconds(1))
            await sync.settle()
            wake?.yield()
        }
    }
}
