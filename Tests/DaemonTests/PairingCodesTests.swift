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

    @Test("five wrong tries refuse only the address that made them; the owner's code stays good; a new code lets it try again")
    func guessing() {
        let script = Script()
        let codes = PairingCodes(now: script.now, digits: script.next)
        let open = codes.offer().code
        for guess in ["000001", "000002", "000003", "000004"] { #expect(!codes.redeem(guess, from: "10.0.0.9")) }
        #expect(codes.redeem(open, from: "10.0.0.9"), "four wrong tries leave it open, even to the guesser")
        let next = codes.offer().code
        for guess in ["000001", "000002", "000003", "000004", "000005"] { #expect(!codes.redeem(guess, from: "10.0.0.9")) }
        #expect(!codes.redeem(next, from: "10.0.0.9"), "the fifth wrong try refuses that address, even the right code")
        #expect(codes.redeem(next, from: "192.168.1.20"), "the owner's address redeems the code the stranger could not void")
        let third = codes.offer().code
        #expect(codes.redeem(third, from: "10.0.0.9"), "a new code lets every address try again")
    }

    @Test("twenty wrong tries a minute from many addresses refuse every try for that minute only; the codes stay open")
    func flood() {
        let script = Script()
        let codes = PairingCodes(now: script.now, digits: script.next)
        let open = codes.offer().code
        for index in 0..<PairingCodes.globalWrongTriesLimit {
            #expect(!codes.redeem("000000", from: "10.0.\(index).1"))
            script.time.withLock { $0 += 1 }
        }
        #expect(!codes.redeem(open, from: "192.168.1.20"), "during the flood's minute, every try is refused")
        script.time.withLock { $0 += PairingCodes.globalWindow - Double(PairingCodes.globalWrongTriesLimit) + 1 }
        #expect(codes.redeem(open, from: "192.168.1.20"), "a minute after the first of them, the owner's code works")
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
