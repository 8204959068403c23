import Daemon
import Foundation
import Synchronization
import Testing

/// The web view's pairing codes, as the daemon keeps them.
@Suite struct PairingCodesTests {
    /// A clock the test moves, and codes it chooses.
    final class Script: Sendable {
        let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let codes = Mutex(["111111", "222222", "333333", "444444", "555555"])
        func now() -> Date { time.withLock { $0 } }
        func next() -> String { codes.withLock { $0.removeFirst() } }
    }

    @Test("a code is six digits, good once, and not after five minutes")
    func onceAndExpiring() {
        let script = Script()
        let codes = PairingCodes(now: script.now, digits: script.next)
        let first = codes.offer()
        #expect(first.code == "111111" && first.expires == script.now().addingTimeInterval(300))
        #expect(codes.redeem("111 111"), "spaces are ignored")
        #expect(!codes.redeem("111111"), "a used code is gone")
        let second = codes.offer().code
        script.time.withLock { $0 += PairingCodes.lifetime }
        #expect(!codes.redeem(second), "an expired code is refused")
        #expect(PairingCodes.randomDigits().count == 6 && PairingCodes.randomDigits().allSatisfy(\.isNumber))
    }

    @Test("five wrong tries void every open code")
    func guessing() {
        let script = Script()
        let codes = PairingCodes(now: script.now, digits: script.next)
        let open = codes.offer().code
        for guess in ["000001", "000002", "000003", "000004"] { #expect(!codes.redeem(guess)) }
        #expect(codes.redeem(open), "four wrong tries leave it open")
        let next = codes.offer().code
        for guess in ["000001", "000002", "000003", "000004", "000005"] { #expect(!codes.redeem(guess)) }
        #expect(!codes.redeem(next), "the fifth voided it")
    }

    @Test("at most three codes are open; a fourth voids the oldest")
    func openLimit() {
        let script = Script()
        let codes = PairingCodes(now: script.now, digits: script.next)
        let offered = (1...4).map { _ in codes.offer().code }
        #expect(!codes.redeem(offered[0]))
        #expect(codes.redeem(offered[1]) && codes.redeem(offered[2]) && codes.redeem(offered[3]))
    }
}
