import ConfigFile
import Training
import Testing

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
    func standard() throws {
        #expect(ListenAddress.standard.description == "127.0.0.1:8750")
        #expect(ListenAddress.standard.isLoopback && !ListenAddress.standard.isWildcard)
        let wildcard = try ListenAddress(parsing: "0.0.0.0:8750")
        let everyIPv6 = try ListenAddress(parsing: "[::]:1")
        #expect(wildcard.isWildcard && everyIPv6.isWildcard && !everyIPv6.isLoopback)
    }
}

/// `[web]`: where the web view listens and who may look.
@Suite("The web section")
struct WebConfigTests {
    @Test("both keys are read; without the section the view is this machine's only, viewing open")
    func reads() throws {
        let config = try ConfigLoader.parse("[web]\nlisten = \"0.0.0.0:8751\"\nviewing = \"paired\"\n", file: "w.toml")
        #expect(config.web == WebConfig(listen: ListenAddress(host: "0.0.0.0", port: 8751), viewing: .paired))
        #expect(try ConfigLoader.parse("", file: "w.toml").web == WebConfig(listen: .standard, viewing: .open))
    }

    @Test("bad values are refused with the key and what is accepted", arguments: [
        ("[web]\nlisten = \"8750\"\n", "web.listen", "ADDR:PORT"),
        ("[web]\nlisten = 8750\n", "web.listen", "string"),
        ("[web]\nviewing = \"everyone\"\n", "web.viewing", "open"),
        ("[web]\npassword = \"x\"\n", "web.password", "unknown key"),
    ])
    func refused(text: String, key: String, words: String) {
        #expect {
            _ = try ConfigLoader.parse(text, file: "w.toml")
        } throws: { error in
            let description = "\(error)"
            #expect(description.contains(key), "\(description)")
            #expect(description.contains(words), "\(description)")
            return error is ConfigError
        }
    }
}
