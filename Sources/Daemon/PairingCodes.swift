import Foundation
import Synchronization

/// Short codes that pair a browser with the web view (`eartrainctl web-pair`, docs/web.md).
/// The daemon only keeps the codes: `pairing.offer` makes one, `pairing.redeem` takes it back
/// once. A code is six digits, good for five minutes and one use; a few codes may be open at
/// once, and after five wrong tries every open code is void, so guessing one takes a new code
/// from someone who may control the daemon for every five guesses (one in 200 000 a code).
public final class PairingCodes: Sendable {
    /// How long a code is good for.
    public static let lifetime: TimeInterval = 300
    /// Codes open at once; offering another voids the oldest.
    public static let openLimit = 3
    /// Wrong tries that void every open code.
    public static let wrongTriesLimit = 5

    private struct State {
        var open: [(code: String, expires: Date)] = []
        var wrongTries = 0
    }

    private let state = Mutex(State())
    private let now: @Sendable () -> Date
    private let digits: @Sendable () -> String

    /// `now` and `digits` are injected by tests; by default the wall clock and six random digits
    /// from the system's generator (`getrandom(2)`).
    public init(now: @escaping @Sendable () -> Date = Date.init, digits: @escaping @Sendable () -> String = PairingCodes.randomDigits) {
        self.now = now
        self.digits = digits
    }

    /// A new code and when it expires.
    public func offer() -> (code: String, expires: Date) {
        let time = now()
        let code = digits()
        let expires = time.addingTimeInterval(Self.lifetime)
        state.withLock { state in
            state.open.removeAll { $0.expires <= time || $0.code == code }
            state.open.append((code, expires))
            if state.open.count > Self.openLimit { state.open.removeFirst(state.open.count - Self.openLimit) }
        }
        return (code, expires)
    }

    /// Whether `code` is open; if it is, it is used up. Spaces and dashes in it are ignored.
    public func redeem(_ code: String) -> Bool {
        let typed = code.filter { $0 != " " && $0 != "-" }
        let time = now()
        return state.withLock { state in
            state.open.removeAll { $0.expires <= time }
            if let index = state.open.firstIndex(where: { $0.code == typed }) {
                state.open.remove(at: index)
                return true
            }
            state.wrongTries += 1
            if state.wrongTries >= Self.wrongTriesLimit {
                state.open.removeAll()
                state.wrongTries = 0
            }
            return false
        }
    }

    /// Six decimal digits, uniformly drawn.
    public static func randomDigits() -> String {
        var generator = SystemRandomNumberGenerator()
        let number = Int.random(in: 0..<1_000_000, using: &generator)
        let text = String(number)
        return String(repeating: "0", count: 6 - text.count) + text
    }
}
