import ClassProtocol
import ClassSync
import ControlProtocol
import Crypto
import Daemon
import Foundation
import ServiceLifecycle
import Statistics
import Synchronization

/// The box's side of a class (docs/class.md): the membership kept beside the statistics
/// (`class.json`), the sync's rounds while there is one (at start, then every `interval`), and
/// what `class.join`, `class.status` and `class.leave` reach.
final class ClassService: Service, Sendable {
    let store: SQLiteStatisticsStore
    let path: String
    let defaultProfile: String
    let reporter: StdoutReporter
    let interval: Duration
    private let current = Mutex<ClassSync?>(nil)
    /// The running sync's rounds, cancelled when the membership changes (even in a retry's wait).
    private let running = Mutex<Task<Void, Never>?>(nil)
    private let changes: AsyncStream<Void>
    private let changed: AsyncStream<Void>.Continuation

    init(store: SQLiteStatisticsStore, profile: String, reporter: StdoutReporter, interval: Duration = .seconds(60)) {
        self.store = store
        path = ClassMembership.path(besideDatabase: store.path)
        defaultProfile = profile
        self.reporter = reporter
        self.interval = interval
        let (changes, changed) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.changes = changes
        self.changed = changed
        do {
            if let membership = try ClassMembership.load(path: path) { current.withLock { $0 = try? Self.sync(membership, store: store) } }
        } catch {
            reporter.say("class: \(path) cannot be read (\(error)); join again", warning: true)
        }
    }

    static func sync(_ membership: ClassMembership, store: SQLiteStatisticsStore) throws -> ClassSync {
        ClassSync(membership: membership, store: store, transport: try HubHTTPClient(membership: membership))
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
                let rounds = Task {
                    let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
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
            replace(with: try Self.sync(membership, store: store))
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
            duplicates: progress.duplicates, lastRoundAt: progress.lastRoundAt, lastError: progress.lastError)
    }
}
