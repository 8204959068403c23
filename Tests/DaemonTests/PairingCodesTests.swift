import Daemon
import ControlProtocol
import Foundation
import Synchronization
import Testing

/// The web view's pairing codes, as the daemon keeps them.
@Suite struct PairingCodesTests {
    /// A clock the test moves, and codes it chooses.
    final class Script: Sendable {
        let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let codes = Mutex(["11111111", "22222222", "33333333", "44444444", "55555555"])
        func now() -> Date { time.withLock { $0 } }
        func next() -> String { codes.withLock { $0.removeFirst() } }
    }

    /// Codes for a test that has no IPv6 network of its own.
    static func codes(_ script: Script) -> PairingCodes {
        PairingCodes(now: script.now, digits: script.next, localNetworks: { [] })
    }

    @Test("a code is eight digits, good once, and not after five minutes")
    func onceAndExpiring() {
        let script = Script()
        let codes = Self.codes(script)
        let first = codes.offer()
        #expect(first.code == "11111111" && first.expires == script.now().addingTimeInterval(300))
        #expect(codes.redeem("1111 1111"), "spaces are ignored")
        #expect(!codes.redeem("11111111"), "a used code is gone")
        let second = codes.offer().code
        script.time.withLock { $0 += PairingCodes.lifetime }
        #expect(!codes.redeem(second), "an expired code is refused")
        #expect(PairingCodes.randomDigits().count == 8 && PairingCodes.randomDigits().allSatisfy(\.isNumber))
        #expect(Set((0..<50).map { _ in PairingCodes.randomDigits() }).count == 50, "drawn, not fixed")
    }

    @Test("five wrong tries refuse only the address that made them; the owner's code stays good; a new code lets it try again")
    func guessing() {
        let script = Script()
        let codes = Self.codes(script)
        let open = codes.offer().code
        for guess in ["00000001", "00000002", "00000003", "00000004"] { #expect(!codes.redeem(guess, from: "10.0.0.9")) }
        #expect(codes.redeem(open, from: "10.0.0.9"), "four wrong tries leave it open, even to the guesser")
        let next = codes.offer().code
        for guess in ["00000001", "00000002", "00000003", "00000004", "00000005"] { #expect(!codes.redeem(guess, from: "10.0.0.9")) }
        #expect(!codes.redeem(next, from: "10.0.0.9"), "the fifth wrong try refuses that address, even the right code")
        #expect(codes.redeem(next, from: "192.168.1.20"), "the owner's address redeems the code the stranger could not void")
        let third = codes.offer().code
        #expect(codes.redeem(third, from: "10.0.0.9"), "a new code lets every address try again")
    }

    @Test("a flood of wrong tries from many addresses refuses the guessers, never a fresh address: the owner pairs during it")
    func flood() {
        let script = Script()
        let codes = Self.codes(script)
        let open = codes.offer().code
        for index in 0..<(PairingCodes.globalWrongTriesLimit * 3) {
            #expect(!codes.redeem("00000000", from: "10.0.\(index).1"))
        }
        #expect(!codes.redeem(open, from: "10.0.3.1"), "during the flood, an address that guessed wrong is refused, even the right code")
        #expect(codes.redeem(open, from: "192.168.1.20"), "the owner's address, which never guessed, pairs during the flood")
        let next = codes.offer().code
        for index in 0..<PairingCodes.globalWrongTriesLimit { _ = codes.redeem("00000000", from: "10.1.\(index).1") }
        #expect(!codes.redeem("00000001", from: "192.168.1.30"), "a fresh address's wrong try is still wrong")
        #expect(!codes.redeem(next, from: "192.168.1.30"), "and makes it a guesser: refused while the flood lasts")
        script.time.withLock { $0 += PairingCodes.globalWindow }
        #expect(codes.redeem(next, from: "192.168.1.30"), "a minute later it may try again (two wrong tries, under five)")
    }

    @Test("an IPv6 network's /64 guesses as one address; an IPv4 address mapped into IPv6 as itself")
    func guessers() {
        let script = Script()
        let codes = Self.codes(script)
        let open = codes.offer().code
        for host in 1...PairingCodes.wrongTriesLimit { #expect(!codes.redeem("00000000", from: "2001:db8:1:2::\(host)")) }
        #expect(!codes.redeem(open, from: "2001:db8:1:2:aaaa::7"), "another address of the same /64 is the same guesser")
        #expect(codes.redeem(open, from: "2001:db8:1:3::1"), "the next /64 is not")
        let next = codes.offer().code
        for _ in 1...PairingCodes.wrongTriesLimit { _ = codes.redeem("00000000", from: "::ffff:10.0.0.9") }
        #expect(!codes.redeem(next, from: "10.0.0.9"), "::ffff:10.0.0.9 and 10.0.0.9 are one guesser")
        #expect(codes.redeem(next, from: "10.0.0.10"))
    }

    @Test("at most three codes are open; a fourth voids the oldest")
    func openLimit() {
        let script = Script()
        let codes = Self.codes(script)
        let offered = (1...4).map { _ in codes.offer().code }
        #expect(!codes.redeem(offered[0]))
        #expect(codes.redeem(offered[1]) && codes.redeem(offered[2]) && codes.redeem(offered[3]))
    }

    @Test("loopback is one guesser: five wrong tries from five of its addresses refuse all of it, ::1 and no address too")
    func loopbackIsOne() {
        let script = Script()
        let codes = Self.codes(script)
        let open = codes.offer().code
        for host in 1...PairingCodes.wrongTriesLimit { #expect(!codes.redeem("00000000", from: "127.0.\(host).9")) }
        for address in ["127.0.0.1", "127.200.1.1", "::1", "::ffff:127.0.0.1", nil] as [String?] {
            #expect(!codes.redeem(open, from: address), "\(address ?? "no address") is the same guesser")
        }
        #expect(codes.redeem(open, from: "192.168.1.20"), "the owner's phone is not")
    }

    @Test("5,000 guessers one after another: the first is still refused after them, and a fresh one pairs")
    func manyGuessers() {
        let script = Script()
        let codes = Self.codes(script)
        let open = codes.offer().code
        for _ in 1...PairingCodes.wrongTriesLimit { _ = codes.redeem("00000000", from: "10.9.9.9") }
        for index in 0..<5_000 {
            script.time.withLock { $0 += 0.001 }
            #expect(!codes.redeem("00000001", from: "10.1.\(index / 256).\(index % 256)"))
        }
        script.time.withLock { $0 += PairingCodes.globalWindow }  // the flood is over: only the count refuses
        #expect(!codes.redeem(open, from: "10.9.9.9"), "the first guesser is not forgotten after 5,000 others")
        #expect(codes.redeem(open, from: "192.168.1.20"))
    }

    @Test("a code meets at most 9,999 wrong tries from all guessers, then is voided: a chance below 10⁻⁴ per code")
    func boundedPerCode() {
        let script = Script()
        let codes = Self.codes(script)
        #expect(PairingCodes.wrongTriesPerCode == 9_999)
        #expect(Double(PairingCodes.wrongTriesPerCode) / 1e8 < 1e-4)
        let open = codes.offer().code
        for index in 0..<PairingCodes.wrongTriesPerCode {
            // Each from a guesser of its own: during a flood a fresh guesser may still try once.
            _ = codes.redeem("99999999", from: "10.\(index / 65_536).\(index / 256 % 256).\(index % 256)")
        }
        #expect(!codes.redeem(open, from: "192.168.1.20"), "voided: no guess, right or wrong, can take it now")
        let next = codes.offer().code
        #expect(codes.redeem(next, from: "192.168.1.21"), "a new code is good again")
    }

    @Test("the guessers forgotten past the limit are the oldest, never all at once")
    func forgetsOldest() {
        let script = Script()
        let limit = 50
        let codes = PairingCodes(now: script.now, digits: script.next, localNetworks: { [] }, guesserLimit: limit)
        let open = codes.offer().code
        for _ in 1...PairingCodes.wrongTriesLimit { _ = codes.redeem("00000000", from: "10.200.0.1") }
        for _ in 1...PairingCodes.wrongTriesLimit { _ = codes.redeem("00000000", from: "10.200.0.2") }
        // The first guesser's place runs out; the second is kept.
        for index in 0..<(limit - 1) {
            _ = codes.redeem("99999999", from: "10.\(index / 65_536).\(index / 256 % 256).\(index % 256)")
        }
        script.time.withLock { $0 += PairingCodes.globalWindow }
        #expect(!codes.redeem(open, from: "10.200.0.2"), "the second guesser is still remembered")
        #expect(codes.redeem(open, from: "10.200.0.1"), "the oldest was forgotten")
    }

    @Test("an IPv6 address on this machine's own network is a guesser of its own; elsewhere its /64 is")
    func ownNetwork() {
        let script = Script()
        let codes = PairingCodes(now: script.now, digits: script.next, localNetworks: { ["20010db800010002::/64"] })
        let open = codes.offer().code
        for host in 1...PairingCodes.wrongTriesLimit { #expect(!codes.redeem("00000000", from: "2001:db8:1:2::\(host)")) }
        #expect(codes.redeem(open, from: "2001:db8:1:2::77"), "the owner's phone on the LAN is not the stranger beside it")
        let next = codes.offer().code
        for host in 1...PairingCodes.wrongTriesLimit { #expect(!codes.redeem("00000000", from: "2001:db8:1:3::\(host)")) }
        #expect(!codes.redeem(next, from: "2001:db8:1:3::77"), "a remote /64 is one guesser")
        #expect(PeerGroup.name(of: "2001:db8:1:2::5", localNetworks: { ["20010db800010002::/64"] }) == "20010db800010002" + "0000000000000005")
        #expect(PeerGroup.name(of: "127.1.2.3", localNetworks: { [] }) == "loopback")
    }
}
