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

    @Test("a flood of wrong tries from many addresses refuses the guessers, never a fresh address: the owner pairs during it")
    func flood() {
        let script = Script()
        let codes = PairingCodes(now: script.now, digits: script.next)
        let open = codes.offer().code
        for index in 0..<(PairingCodes.globalWrongTriesLimit * 3) {
            #expect(!codes.redeem("000000", from: "10.0.\(index).1"))
        }
        #expect(!codes.redeem(open, from: "10.0.3.1"), "during the flood, an address that guessed wrong is refused, even the right code")
        #expect(codes.redeem(open, from: "192.168.1.20"), "the owner's address, which never guessed, pairs during the flood")
        let next = codes.offer().code
        for index in 0..<PairingCodes.globalWrongTriesLimit { _ = codes.redeem("000000", from: "10.1.\(index).1") }
        #expect(!codes.redeem("000001", from: "192.168.1.30"), "a fresh address's wrong try is still wrong")
        #expect(!codes.redeem(next, from: "192.168.1.30"), "and makes it a guesser: refused while the flood lasts")
        script.time.withLock { $0 += PairingCodes.globalWindow }
        #expect(codes.redeem(next, from: "192.168.1.30"), "a minute later it may try again (two wrong tries, under five)")
    }

    @Test("an IPv6 network's /64 guesses as one address; an IPv4 address mapped into IPv6 as itself")
    func guessers() {
        let script = Script()
        let codes = PairingCodes(now: script.now, digits: script.next)
        let open = codes.offer().code
        for host in 1...PairingCodes.wrongTriesLimit { #expect(!codes.redeem("000000", from: "2001:db8:1:2::\(host)")) }
        #expect(!codes.redeem(open, from: "2001:db8:1:2:aaaa::7"), "another address of the same /64 is the same guesser")
        #expect(codes.redeem(open, from: "2001:db8:1:3::1"), "the next /64 is not")
        let next = codes.offer().code
        for _ in 1...PairingCodes.wrongTriesLimit { _ = codes.redeem("000000", from: "::ffff:10.0.0.9") }
        #expect(!codes.redeem(next, from: "10.0.0.9"), "::ffff:10.0.0.9 and 10.0.0.9 are one guesser")
        #expect(codes.redeem(next, from: "10.0.0.10"))
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
