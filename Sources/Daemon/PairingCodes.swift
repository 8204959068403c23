import ControlProtocol
import Foundation
import Glibc
import Synchronization

/// Short codes that pair a browser with the web view (`eartrainctl web-pair`, docs/web.md).
/// The daemon only keeps the codes: `pairing.offer` makes one, `pairing.redeem` takes it back
/// once. A code is eight digits, good for five minutes and one use; a few codes may be open at once.
///
/// Guessing is bounded per code, however many addresses guess: every wrong try counts against
/// each open code, and a code that has met `wrongTriesPerCode` of them is voided, so no code can
/// be guessed with a chance above `guessChance` in its life. A flood of guesses can make the owner
/// ask for a new code; it cannot pair.
///
/// Wrong tries are also counted by who made them (`PeerGroup`: all of this machine's loopback is one,
/// a remote IPv6 network one per /64, an address on the web view's own network itself): after
/// five, that guesser is refused until a new code is offered, and the codes stay open for everyone
/// else, so a stranger cannot void the owner's code with a few tries. Across all guessers, twenty
/// wrong tries within a minute make a flood: while it lasts, every guesser that tried wrong in it
/// is refused, and one that has not may still try (one wrong try makes it a guesser too).
/// Guessers are remembered up to `guesserLimit`, the oldest forgotten first.
public final class PairingCodes: Sendable {
    /// How long a code is good for.
    public static let lifetime: TimeInterval = 300
    /// Digits in a code: ten to this power codes to guess among.
    public static let digitCount = 8
    /// The most any one code may be guessed with in its life, whoever guesses.
    public static let guessChance = 1e-4
    /// Wrong tries a code meets before it is voided: fewer than `guessChance` of all codes.
    public static let wrongTriesPerCode = Int(guessChance * pow(10, Double(digitCount))) - 1
    /// Codes open at once; offering another voids the oldest.
    public static let openLimit = 3
    /// Wrong tries from one guesser after which it is refused until a new code is offered.
    public static let wrongTriesLimit = 5
    /// Wrong tries from all guessers within `globalWindow` after which every try is refused.
    public static let globalWrongTriesLimit = 20
    /// The window of the global limit: how long a flood of wrong tries can lock the owner out.
    public static let globalWindow: TimeInterval = 60
    /// Guessers remembered at once; past it the oldest is forgotten (the codes' own bound holds).
    public static let guesserLimit = 16_384

    private struct OpenCode {
        var code: String
        var expires: Date
        var wrongTries = 0
    }

    private struct State {
        var open: [OpenCode] = []
        /// Wrong tries since the last code was offered, by guesser.
        var wrongTries: [String: Int] = [:]
        /// The guessers in `wrongTries`, in the order they first tried wrong, oldest first.
        var guessers: [String] = []
        var forgotten = 0
        /// The latest wrong tries, from any guesser, oldest first, and how many each guesser made.
        var recentWrong: [(time: Date, guesser: String)] = []
        var recentByGuesser: [String: Int] = [:]

        /// Forgets the wrong tries older than the flood window, and past the limit the oldest.
        mutating func forgetRecent(before cutoff: Date) {
            let old = recentWrong.prefix { $0.time <= cutoff }.count
            let over = max(old, recentWrong.count - guesserLimit)
            guard over > 0 else { return }
            for (_, guesser) in recentWrong.prefix(over) {
                recentByGuesser[guesser, default: 1] -= 1
                if recentByGuesser[guesser] == 0 { recentByGuesser[guesser] = nil }
            }
            recentWrong.removeFirst(over)
        }

        let guesserLimit: Int

        /// Notes a wrong try of `who`, forgetting the oldest guesser past the limit.
        mutating func noteWrong(_ who: String, at time: Date) {
            if wrongTries[who] == nil {
                guessers.append(who)
                if wrongTries.count >= guesserLimit {
                    wrongTries[guessers[forgotten]] = nil
                    forgotten += 1
                }
                if forgotten > guesserLimit {  // compacted now and then, not every try
                    guessers.removeFirst(forgotten)
                    forgotten = 0
                }
            }
            wrongTries[who, default: 0] += 1
            recentWrong.append((time, who))
            recentByGuesser[who, default: 0] += 1
            forgetRecent(before: time.addingTimeInterval(-PairingCodes.globalWindow))
            for index in open.indices { open[index].wrongTries += 1 }
            open.removeAll { $0.wrongTries >= PairingCodes.wrongTriesPerCode }
        }
    }

    private let state: Mutex<State>
    private let now: @Sendable () -> Date
    private let digits: @Sendable () -> String
    private let guesser: @Sendable (String?) -> String

    /// `now`, `digits` and `localNetworks` are injected by tests; by default the wall clock,
    /// random digits from the system's generator (`getrandom(2)`), and this machine's own IPv6
    /// networks as its interfaces have them. `guesserLimit` guessers are remembered at once.
    public init(now: @escaping @Sendable () -> Date = Date.init, digits: @escaping @Sendable () -> String = PairingCodes.randomDigits,
                localNetworks: @escaping @Sendable () -> Set<String> = PeerGroup.localNetworks, guesserLimit: Int = PairingCodes.guesserLimit) {
        state = Mutex(State(guesserLimit: guesserLimit))
        self.now = now
        self.digits = digits
        self.guesser = { PeerGroup.name(of: $0, localNetworks: localNetworks) }
    }

    /// A new code and when it expires. Every guesser may try again.
    public func offer() -> (code: String, expires: Date) {
        let time = now()
        let code = digits()
        let expires = time.addingTimeInterval(Self.lifetime)
        state.withLock { state in
            state.open.removeAll { $0.expires <= time || $0.code == code }
            state.open.append(OpenCode(code: code, expires: expires))
            if state.open.count > Self.openLimit { state.open.removeFirst(state.open.count - Self.openLimit) }
            state.wrongTries.removeAll()
            state.guessers.removeAll()
            state.forgotten = 0
        }
        return (code, expires)
    }

    /// Whether `code`, typed at `address` (nil: on this machine), is open and may be tried now;
    /// if so, it is used up. Spaces and dashes in it are ignored.
    public func redeem(_ code: String, from address: String? = nil) -> Bool {
        let typed = code.filter { $0 != " " && $0 != "-" }
        let who = guesser(address)
        let time = now()
        return state.withLock { state in
            state.open.removeAll { $0.expires <= time }
            state.forgetRecent(before: time.addingTimeInterval(-Self.globalWindow))
            let flooding = state.recentWrong.count >= Self.globalWrongTriesLimit
            guard state.wrongTries[who, default: 0] < Self.wrongTriesLimit,
                  !flooding || state.recentByGuesser[who] == nil else { return false }
            if let index = state.open.firstIndex(where: { $0.code == typed }) {
                state.open.remove(at: index)
                return true
            }
            state.noteWrong(who, at: time)
            return false
        }
    }

    /// `digitCount` decimal digits, uniformly drawn.
    public static func randomDigits() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<digitCount).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
    }
}
