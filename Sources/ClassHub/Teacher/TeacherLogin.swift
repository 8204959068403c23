import Foundation
import Synchronization

/// The teacher's signed-in browsers: a random session id per login, kept in memory for 12 hours
/// (a hub restarted asks again), and failed logins slowed per address.
public final class TeacherLogin: Sendable {
    /// How long a login lasts.
    public static let lifetime = 12 * 3_600.0
    private let sessions = Mutex<[String: Double]>([:])
    private let failures = Mutex<[String: (count: Int, last: Double)]>([:])
    private let now: @Sendable () -> Double

    public init(now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.now = now
    }

    /// A new session after a right password.
    func signIn() -> String {
        let id = Secrets.token(), time = now()
        sessions.withLock { sessions in
            sessions = sessions.filter { $0.value > time }
            sessions[id] = time + Self.lifetime
        }
        return id
    }

    func isSignedIn(_ session: String?) -> Bool {
        guard let session else { return false }
        let time = now()
        return sessions.withLock { ($0[session] ?? 0) > time }
    }

    func signOut(_ session: String?) {
        guard let session else { return }
        _ = sessions.withLock { $0.removeValue(forKey: session) }
    }

    /// Seconds `address` must wait before trying a password again: none for its first five
    /// failures in a row, then doubling from 2 s to 5 minutes.
    func wait(for address: String) -> Double {
        let time = now()
        return failures.withLock { failures in
            guard let record = failures[address], record.count >= 5 else { return 0 }
            let wait = min(2 * pow(2, Double(record.count - 5)), 300)
            return max(0, record.last + wait - time)
        }
    }

    func failed(from address: String) {
        let time = now()
        failures.withLock { $0[address] = (($0[address]?.count ?? 0) + 1, time) }
    }

    func succeeded(from address: String) {
        _ = failures.withLock { $0.removeValue(forKey: address) }
    }
}
