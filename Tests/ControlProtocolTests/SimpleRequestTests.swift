import Foundation
import Testing
import Training

@testable import ControlProtocol

@Suite("requests recognised without a parser")
struct SimpleRequestTests {
    static func simple(_ text: String) -> SimpleRequest? { SimpleRequest(Array(text.utf8)) }

    @Test("the common shapes, in any order and spacing, give their method and the id as written", arguments: [
        (#"{"jsonrpc":"2.0","id":7,"method":"status"}"#, "status", "7"),
        (#" { "method" : "status" , "id" : "a-1" , "jsonrpc" : "2.0" } "#, "status", #""a-1""#),
        ("{\t\"id\":-42,\"jsonrpc\":\"2.0\",\"method\":\"stats.get\",\"params\":{ }}\r", "stats.get", "-42"),
        (#"{"jsonrpc":"2.0","id":0,"method":"status","params":[]}"#, "status", "0"),
        (#"{"jsonrpc":"2.0","id":999999999999999,"method":"status","params":null}"#, "status", "999999999999999"),
    ])
    func recognised(line: String, method: String, id: String) throws {
        let request = try #require(Self.simple(line))
        #expect(String(decoding: request.method, as: UTF8.self) == method)
        #expect(String(decoding: request.id, as: UTF8.self) == id)
    }

    @Test("anything else is left to the full decoder", arguments: [
        #"{"id":7,"method":"status"}"#, #"{"jsonrpc":"1.0","id":7,"method":"status"}"#,
        #"{"jsonrpc":"2.0","method":"status"}"#, #"{"jsonrpc":"2.0","id":null,"method":"status"}"#,
        #"{"jsonrpc":"2.0","id":1.5,"method":"status"}"#, #"{"jsonrpc":"2.0","id":1e3,"method":"status"}"#,
        #"{"jsonrpc":"2.0","id":007,"method":"status"}"#, #"{"jsonrpc":"2.0","id":-0,"method":"status"}"#,
        #"{"jsonrpc":"2.0","id":1234567890123456,"method":"status"}"#, #"{"jsonrpc":"2.0","id":"a\"b","method":"status"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"st\u0061tus"}"#, #"{"jsonrpc":"2.0","id":1,"method":"status","extra":1}"#,
        #"{"jsonrpc":"2.0","id":1,"id":2,"method":"status"}"#, #"{"jsonrpc":"2.0","id":1,"method":"status"} x"#,
        #"{"jsonrpc":"2.0","id":1,"method":"status","params":{"a":1}}"#, #"{"jsonrpc":"2.0","id":1,"method":"status","#,
        #"{"jsonrpc":"2.0","id":true,"method":"status"}"#, #"{"jsonrpc":"2.0","id":"é","method":"status"}"#, "", "{}", "[]",
    ])
    func leftAlone(line: String) {
        #expect(Self.simple(line) == nil)
    }

    /// Whatever is recognised must read the same through JSONDecoder: the same method, the same id
    /// (echoed as written, it must equal what `Wire` would write for the decoded id).
    @Test("200,000 seeded mutations of good requests (FUZZ_ITERATIONS): every recognised one decodes the same way")
    func agreesWithTheDecoder() throws {
        let seeds = [
            #"{"jsonrpc":"2.0","id":7,"method":"status"}"#, #"{"method":"status","id":"x","jsonrpc":"2.0","params":{}}"#,
            #" {"id":-12, "jsonrpc" :"2.0","method":"session.stop" ,"params":[ ] }"#,
        ].map { Array($0.utf8) }
        let alphabet = Array(#"{}[]":,. -0123456789eE\u"#.utf8) + [0x09, 0xC3, 0xA9, 0x00]
        var random = SeededRandom(seed: 2026)
        var recognised = 0
        let rounds = ProcessInfo.processInfo.environment["FUZZ_ITERATIONS"].flatMap(Int.init) ?? 200_000
        for round in 0..<rounds {
            var line = seeds[round % seeds.count]
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0...line.count, using: &random)
                switch random.next() % 3 {
                case 0: line.insert(alphabet.randomElement(using: &random)!, at: at)
                case 1: if at < line.count { line.remove(at: at) }
                default: if at < line.count { line[at] = alphabet.randomElement(using: &random)! }
                }
            }
            guard let request = SimpleRequest(line) else { continue }
            recognised += 1
            let decoded = try JSONDecoder().decode(RPCRequest.self, from: Data(line))
            #expect(decoded.jsonrpc == "2.0")
            #expect(decoded.method == String(decoding: request.method, as: UTF8.self))
            let id = try #require(decoded.id)
            #expect(Wire.encode(id) == String(decoding: request.id, as: UTF8.self), "\(String(decoding: line, as: UTF8.self))")
        }
        #expect(recognised > 1000)
    }
}
