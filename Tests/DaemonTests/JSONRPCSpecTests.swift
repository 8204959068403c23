import ControlProtocol
import ControlServer
import Foundation
import Glibc
import SocketTestSupport
import Testing

@testable import Daemon

/// JSON-RPC 2.0 as its specification says, over the real socket: every example of the
/// specification's "Examples" section (https://www.jsonrpc.org/specification, section 7), with its
/// methods (`subtract`, `sum`, `get_data`, …) added to the daemon's table for the test, and the
/// rules of ids and params. Error messages are the daemon's own; the codes and ids are the spec's.
@Suite("JSON-RPC 2.0 specification")
struct JSONRPCSpecTests {
    /// The specification's example methods, registered through the table alone.
    static let exampleMethods: [MethodEntry] = [
        MethodEntry("subtract", .anyone, params: Operands.self) { operands, _ in operands.minuend - operands.subtrahend },
        MethodEntry("sum", .anyone, params: [Double].self) { numbers, _ in numbers.reduce(0, +) },
        MethodEntry("get_data", .anyone, params: NoParams.self) { _, _ in JSONValue.array([.string("hello"), .number(5)]) },
        MethodEntry("notify_hello", .anyone, params: JSONValue.self) { _, _ in JSONValue.null },
        MethodEntry("notify_sum", .anyone, params: JSONValue.self) { _, _ in JSONValue.null },
        MethodEntry("update", .anyone, params: JSONValue.self) { _, _ in JSONValue.null },
    ]

    /// `subtract`'s params, by position (`[42, 23]`) or by name.
    struct Operands: Decodable {
        var minuend: Double
        var subtrahend: Double

        enum CodingKeys: String, CodingKey { case minuend, subtrahend }

        init(from decoder: any Decoder) throws {
            if var list = try? decoder.unkeyedContainer() {
                minuend = try list.decode(Double.self)
                subtrahend = try list.decode(Double.self)
            } else {
                let named = try decoder.container(keyedBy: CodingKeys.self)
                minuend = try named.decode(Double.self, forKey: .minuend)
                subtrahend = try named.decode(Double.self, forKey: .subtrahend)
            }
        }
    }

    /// A daemon's control socket with the example methods; `body` talks to it, greeted.
    static func withSocket(_ body: (LineClient) async throws -> Void) async throws {
        var methods = MethodTable.standard
        for entry in exampleMethods { methods = methods.adding(entry) }
        try await LineClient.withControlSocket(methods: methods) { client in
            #expect(await client.readLine()?.contains("\"hello\"") == true)
            try await body(client)
        }
    }

    /// A reply as JSON, with each error reduced to its code (the messages are the daemon's own).
    static func normalized(_ text: String) throws -> JSONValue {
        func strip(_ value: JSONValue) -> JSONValue {
            switch value {
            case .array(let elements): return .array(elements.map(strip))
            case .object(var members):
                if case .object(let error)? = members["error"], let code = error["code"] { members["error"] = .object(["code": code]) }
                return .object(members)
            default: return value
            }
        }
        return strip(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)))
    }

    /// One example: a line sent and the line expected back, or nil when nothing may come back.
    struct Example: CustomTestStringConvertible, Sendable {
        var name: String
        var sent: String
        var expected: String?
        var testDescription: String { name }
    }

    static let examples: [Example] = [
        Example(name: "positional params", sent: #"{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}"#,
                expected: #"{"jsonrpc": "2.0", "result": 19, "id": 1}"#),
        Example(name: "positional params, swapped", sent: #"{"jsonrpc": "2.0", "method": "subtract", "params": [23, 42], "id": 2}"#,
                expected: #"{"jsonrpc": "2.0", "result": -19, "id": 2}"#),
        Example(name: "named params", sent: #"{"jsonrpc": "2.0", "method": "subtract", "params": {"subtrahend": 23, "minuend": 42}, "id": 3}"#,
                expected: #"{"jsonrpc": "2.0", "result": 19, "id": 3}"#),
        Example(name: "named params, other order", sent: #"{"jsonrpc": "2.0", "method": "subtract", "params": {"minuend": 42, "subtrahend": 23}, "id": 4}"#,
                expected: #"{"jsonrpc": "2.0", "result": 19, "id": 4}"#),
        Example(name: "a notification", sent: #"{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}"#, expected: nil),
        Example(name: "a notification of an unknown method", sent: #"{"jsonrpc": "2.0", "method": "foobar"}"#, expected: nil),
        Example(name: "a method that does not exist", sent: #"{"jsonrpc": "2.0", "method": "foobar", "id": "1"}"#,
                expected: #"{"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": "1"}"#),
        Example(name: "invalid JSON", sent: #"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#,
                expected: #"{"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}, "id": null}"#),
        Example(name: "an invalid Request object", sent: #"{"jsonrpc": "2.0", "method": 1, "params": "bar"}"#,
                expected: #"{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}"#),
        Example(name: "a batch, invalid JSON",
                sent: #"[ {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"}, {"jsonrpc": "2.0", "method" ]"#,
                expected: #"{"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}, "id": null}"#),
        Example(name: "an empty array", sent: "[]",
                expected: #"{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}"#),
        Example(name: "an invalid batch, not empty", sent: "[1]",
                expected: #"[{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}]"#),
        Example(name: "an invalid batch", sent: "[1,2,3]",
                expected: #"[{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}, {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}, {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}]"#),
        Example(name: "a batch",
                sent: #"[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"}, {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}, {"jsonrpc": "2.0", "method": "subtract", "params": [42,23], "id": "2"}, {"foo": "boo"}, {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"}, {"jsonrpc": "2.0", "method": "get_data", "id": "9"}]"#,
                expected: #"[{"jsonrpc": "2.0", "result": 7, "id": "1"}, {"jsonrpc": "2.0", "result": 19, "id": "2"}, {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}, {"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": "5"}, {"jsonrpc": "2.0", "result": ["hello", 5], "id": "9"}]"#),
        Example(name: "a batch of notifications only",
                sent: #"[{"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]}, {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}]"#,
                expected: nil),
        // The rules beyond the examples.
        Example(name: "\"id\": null is a request, answered with \"id\": null",
                sent: #"{"jsonrpc": "2.0", "method": "get_data", "id": null}"#, expected: #"{"jsonrpc": "2.0", "result": ["hello", 5], "id": null}"#),
        Example(name: "an id that is an object is an Invalid Request", sent: #"{"jsonrpc": "2.0", "method": "get_data", "id": {"a": 1}}"#,
                expected: #"{"jsonrpc": "2.0", "error": {"code": -32600}, "id": null}"#),
        Example(name: "an id that is an array is an Invalid Request", sent: #"{"jsonrpc": "2.0", "method": "get_data", "id": [1]}"#,
                expected: #"{"jsonrpc": "2.0", "error": {"code": -32600}, "id": null}"#),
        Example(name: "an id that is true is an Invalid Request", sent: #"{"jsonrpc": "2.0", "method": "get_data", "id": true}"#,
                expected: #"{"jsonrpc": "2.0", "error": {"code": -32600}, "id": null}"#),
        Example(name: "params that are a string are an Invalid Request", sent: #"{"jsonrpc": "2.0", "method": "get_data", "params": "x", "id": 7}"#,
                expected: #"{"jsonrpc": "2.0", "error": {"code": -32600}, "id": 7}"#),
        Example(name: "params that are a number are an Invalid Request", sent: #"{"jsonrpc": "2.0", "method": "status", "params": 3, "id": 8}"#,
                expected: #"{"jsonrpc": "2.0", "error": {"code": -32600}, "id": 8}"#),
        Example(name: "params of the wrong shape are Invalid params", sent: #"{"jsonrpc": "2.0", "method": "subtract", "params": ["a"], "id": 9}"#,
                expected: #"{"jsonrpc": "2.0", "error": {"code": -32602}, "id": 9}"#),
        Example(name: "a batch with one daemon method", sent: #"[{"jsonrpc": "2.0", "method": "session.results", "id": 10}, {"jsonrpc": "2.0", "method": "subscribe", "params": {"topics": ["device"]}, "id": 11}]"#,
                expected: #"[{"jsonrpc": "2.0", "error": {"code": -32007}, "id": 10}, {"jsonrpc": "2.0", "result": {"topics": ["device"]}, "id": 11}]"#),
    ]

    @Test("each example of the specification, and each rule of ids and params", arguments: examples)
    func example(_ example: Example) async throws {
        try await Self.withSocket { client async throws in
            client.sendLine(example.sent)
            // A request sent after it shows whether anything came back first.
            let marker = #"{"jsonrpc": "2.0", "method": "get_data", "id": "after"}"#
            client.sendLine(marker)
            if let expected = example.expected {
                let reply = try #require(await client.readLine(), "no reply to \(example.sent)")
                #expect(!reply.contains("\n"))
                #expect(try Self.normalized(reply) == Self.normalized(expected), "\(reply)")
            }
            let after = try #require(await client.readLine(), "no reply to the marker")
            #expect(try Self.normalized(after) == Self.normalized(#"{"jsonrpc": "2.0", "result": ["hello", 5], "id": "after"}"#),
                    "nothing else may come back: \(after)")
        }
    }
}
