import ControlProtocol
import ControlServer
import Foundation
import Testing

@testable import Daemon

/// What `pairing.browsers` takes from a web view: the rows a web view writes, and nothing that
/// would forge another's browser or print as something else.
@Suite struct PairedBrowserReportTests {
    static func row(_ id: String = "0a1b2c3d", browser: String = "Firefox on Android", address: String? = "192.0.2.7") -> PairedBrowserSummary {
        PairedBrowserSummary(id: id, browser: browser, pairedAt: nil, lastSeen: nil, address: address)
    }

    @Test("a list with a bad row is refused whole (−32602)", arguments: [
        [row("0A1B2C3D")], [row("0a1b2c3")], [row("0a1b2c3g")], [row(), row()], [row(address: "not an address")],
        [row(address: "10.0.0.1\u{1B}[2J")], [row(browser: "\u{1B}]0;owned\u{7}")], [row(browser: "Fire\r\nfox")],
        [row(browser: "x\u{202E}y")], [row(browser: String(repeating: "a", count: 65))],
    ])
    func refused(list: [PairedBrowserSummary]) {
        let roster = PairedBrowserRoster()
        #expect(throws: RPCError.self) { _ = try roster.report(list, from: ClientID(number: 1)) }
        #expect(roster.list().browsers.isEmpty, "nothing of it kept")
    }

    @Test("good rows are taken: IPv6 addresses, no address, an empty name")
    func taken() throws {
        let roster = PairedBrowserRoster()
        _ = try roster.report([Self.row(), Self.row("ffffffff", browser: "", address: "2001:db8::7"), Self.row("00000001", address: nil)],
                              from: ClientID(number: 1))
        #expect(roster.list().browsers.count == 3)
    }

    @Test("a second web view cannot report a browser the first reports")
    func noForgedID() throws {
        let roster = PairedBrowserRoster()
        _ = try roster.report([Self.row()], from: ClientID(number: 1))
        #expect(throws: RPCError.self) { _ = try roster.report([Self.row(browser: "forged")], from: ClientID(number: 2)) }
        _ = try roster.report([Self.row(browser: "Firefox, renamed")], from: ClientID(number: 1))
        #expect(roster.list().browsers.map(\.browser) == ["Firefox, renamed"], "its own web view may report it again")
    }
}
