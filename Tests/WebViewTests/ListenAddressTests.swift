import Testing
import WebView

@Suite struct ListenAddressTests {
    @Test("ADDR:PORT is read, IPv6 in brackets", arguments: [
        ("127.0.0.1:8750", "127.0.0.1", 8750), ("0.0.0.0:80", "0.0.0.0", 80), ("[::1]:8750", "::1", 8750), ("localhost:9000", "localhost", 9000),
    ])
    func reads(text: String, host: String, port: Int) throws {
        let address = try ListenAddress(parsing: text)
        #expect(address == ListenAddress(host: host, port: port))
        #expect(address.description == text)
    }

    @Test("anything else is refused", arguments: ["8750", "127.0.0.1", "127.0.0.1:", ":8750", "127.0.0.1:0", "127.0.0.1:70000", "host:port"])
    func refuses(text: String) {
        #expect(throws: InvalidListenAddress.self) { try ListenAddress(parsing: text) }
    }

    @Test("the default is loopback, port 8750")
    func standard() {
        #expect(ListenAddress.standard.description == "127.0.0.1:8750")
    }
}
