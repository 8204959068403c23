import Foundation
import Glibc
import Synchronization

/// Short codes that pair a browser with the web view (`eartrainctl web-pair`, docs/web.md).
/// The daemon only keeps the codes: `pairing.offer` makes one, `pairing.redeem` takes it back
/// once. A code is six digits, good for five minutes and one use; a few codes may be open at once.
///
/// Wrong tries are counted by the address that made them (the web view passes the browser's; an
/// IPv6 address by its /64, what one machine on a network can take): after five, that address is
/// refused until a new code is offered, and the codes stay open for everyone else, so a stranger on
/// the network cannot void the owner's code. Across all addresses, twenty wrong tries within a
/// minute make a flood: while it lasts, every address that guessed wrong in it is refused, and an
/// address that has not may still try (one wrong try makes it a guesser too). A flood from many
/// addresses then cannot lock the owner out, and guessing is held to five tries a code from each
/// address, and while flooding one from each.
public final class PairingCodes: Sendable {
    /// How long a code is good for.
    public static let lifetime: TimeInterval = 300
    /// Codes open at once; offering another voids the oldest.
    public static let openLimit = 3
    /// Wrong tries from one address after which it is refused until a new code is offered.
    public static let wrongTriesLimit = 5
    /// Wrong tries from all addresses within `globalWindow` after which every try is refused.
    public static let globalWrongTriesLimit = 20
    /// The window of the global limit: how long a flood of wrong tries can lock the owner out.
    public static let globalWindow: TimeInterval = 60
    /// Addresses whose wrong tries are remembered at once; past it the oldest counts are
    /// forgotten (the global limit still holds guessing down).
    static let addressLimit = 4096

    private struct State {
        var open: [(code: String, expires: Date)] = []
        /// Wrong tries since the last code was offered, by address.
        var wrongTries: [String: Int] = [:]
        /// The latest wrong tries, from any address, oldest first.
        var recentWrong: [(time: Date, address: String)] = []
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

    /// A new code and when it expires. Every address may try again.
    public func offer() -> (code: String, expires: Date) {
        let time = now()
        let code = digits()
        let expires = time.addingTimeInterval(Self.lifetime)
        state.withLock { state in
            state.open.removeAll { $0.expires <= time || $0.code == code }
            state.open.append((code, expires))
            if state.open.count > Self.openLimit { state.open.removeFirst(state.open.count - Self.openLimit) }
            state.wrongTries.removeAll()
        }
        return (code, expires)
    }

    /// Whether `code`, typed at `address` (nil: on this machine), is open and may be tried now;
    /// if so, it is used up. Spaces and dashes in it are ignored.
    public func redeem(_ code: String, from address: String? = nil) -> Bool {
        let typed = code.filter { $0 != " " && $0 != "-" }
        let who = address.map(Self.guesser) ?? ""
        let time = now()
        return state.withLock { state in
            state.open.removeAll { $0.expires <= time }
            state.recentWrong.removeAll { time.timeIntervalSince($0.time) >= Self.globalWindow }
            let flooding = state.recentWrong.count >= Self.globalWrongTriesLimit
            guard state.wrongTries[who, default: 0] < Self.wrongTriesLimit,
                  !flooding || !state.recentWrong.contains(where: { $0.address == who }) else { return false }
            if let index = state.open.firstIndex(where: { $0.code == typed }) {
                state.open.remove(at: index)
                return true
            }
            if state.wrongTries[who] == nil && state.wrongTries.count >= Self.addressLimit { state.wrongTries.removeAll() }
            state.wrongTries[who, default: 0] += 1
            state.recentWrong.append((time, who))
            if state.recentWrong.count > Self.addressLimit { state.recentWrong.removeFirst(state.recentWrong.count - Self.addressLimit) }
            return false
        }
    }

    /// Who guesses from `address`: an IPv4 address (also one mapped into IPv6) itself, an IPv6
    /// address its first 64 bits, anything else as given.
    static func guesser(_ address: String) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        guard inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        return bytes[0..<8].map { String(format: "%02x", $0) }.joined() + "::/64"
    }

    /// Six decimal digits, uniformly drawn.
    public static func randomDigits() -> String {
        var generator = SystemRandomNumberGenerator()
        let number = Int.random(in: 0..<1_000_000, using: &generator)
        let text = String(number)
        return String(repeating: "0", count: 6 - text.count) + text
    }
}
