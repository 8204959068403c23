import ControlProtocol
import Foundation
import Testing
@testable import EartrainctlCommand

/// `eartrainctl web-pair --list`'s table, and what it says when there is nothing to list.
@Suite struct PairedBrowsersTextTests {
    @Test("a row a browser under a header, columns aligned, unknowns as '-'")
    func table() throws {
        let list = PairingListResult(webViews: 1, browsers: [
            PairedBrowserSummary(id: "0a1b2c3d", browser: "Firefox on Android", pairedAt: Date(timeIntervalSince1970: 1_800_000_000),
                                 lastSeen: Date(timeIntervalSince1970: 1_800_000_600), address: "192.0.2.7"),
            PairedBrowserSummary(id: "99887766", browser: "", pairedAt: nil, lastSeen: nil, address: nil),
        ])
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(PairedBrowsersText.lines(list, zone: utc) == [
            "ID        PAIRED            LAST SEEN         ADDRESS    BROWSER",
            "0a1b2c3d  2027-01-15 08:00  2027-01-15 08:10  192.0.2.7  Firefox on Android",
            "99887766  -                 -                 -          -",
        ])
    }

    @Test("no web view connected, and none paired, are said in words")
    func nothing() {
        #expect(PairedBrowsersText.lines(PairingListResult(webViews: 0, browsers: []))[0].contains("No web view is connected"))
        #expect(PairedBrowsersText.lines(PairingListResult(webViews: 1, browsers: []))[0].contains("No browser is paired"))
    }

    @Test("terminal escapes, CR/LF and bidi overrides in what a web view reported are shown as codes, not obeyed")
    func escapes() {
        let list = PairingListResult(webViews: 1, browsers: [
            PairedBrowserSummary(id: "0a1b2c3d", browser: "\u{1B}]0;owned\u{7}Fire\r\nfox\u{202E}diordnA", pairedAt: nil, lastSeen: nil,
                                 address: "10.0.0.1\u{1B}[2J"),
        ])
        let row = PairedBrowsersText.lines(list)[1]
        #expect(!row.unicodeScalars.contains { PrintableText.isControl($0) }, "\(row)")
        #expect(row.contains(#"\u{1B}]0;owned\u{7}Fire\u{D}\u{A}fox\u{202E}diordnA"#), "\(row)")
        #expect(row.contains(#"10.0.0.1\u{1B}[2J"#))
    }
}
