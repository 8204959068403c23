import ControlProtocol
import QRCode
import Training
import Testing
@testable import EartrainctlCommand

/// `eartrainctl web-pair`'s pieces: the QR code of the pairing page's address, and the address.
@Suite struct WebPairTests {
    @Test("the QR code is a square symbol of a QR version's size, with its three finder patterns")
    func qrCode() throws {
        let code = try #require(QRCode("http://192.168.1.20:8750/pair"))
        let width = code.modules.count
        #expect(code.modules.allSatisfy { $0.count == width })
        #expect((width - 17) % 4 == 0 && width >= 21, "a version's width is 17 + 4·version")
        // A finder pattern: a dark 7×7 ring, a light ring inside it, a dark 3×3 core.
        func finder(_ top: Int, _ left: Int) -> Bool {
            (0..<7).allSatisfy { r in
                (0..<7).allSatisfy { c in
                    let ring = r == 0 || r == 6 || c == 0 || c == 6
                    let core = (2...4).contains(r) && (2...4).contains(c)
                    return code.modules[top + r][left + c] == (ring || core)
                }
            }
        }
        #expect(finder(0, 0) && finder(0, width - 7) && finder(width - 7, 0))
        #expect(!finder(width - 7, width - 7), "the fourth corner has none")
        let lines = code.terminalText.split(separator: "\n")
        #expect(lines.count == (width + 8 + 1) / 2 && lines.allSatisfy { $0.count == width + 8 }, "two rows a line, a 4-module quiet zone")
        #expect(QRCode(String(repeating: "x", count: 5000)) == nil, "too long for any version")
    }

    @Test("the address comes from web.listen; all addresses means each of this machine's")
    func addresses() {
        #expect(WebAddresses.urls(listen: ListenAddress(host: "192.168.1.20", port: 8750)) == ["http://192.168.1.20:8750"])
        #expect(WebAddresses.urls(listen: ListenAddress(host: "fd00::2", port: 8750)) == ["http://[fd00::2]:8750"])
        let all = WebAddresses.urls(listen: ListenAddress(host: "0.0.0.0", port: 8750))
        #expect(!all.isEmpty && all.allSatisfy { $0.hasPrefix("http://") && $0.hasSuffix(":8750") && !$0.contains("0.0.0.0") })
    }
}
