import Foundation
import Testing

@testable import ControlProtocol

@Suite("JSON-RPC messages")
struct RPCMessageTests {
    @Test("requests decode with numeric, string or missing ids and any params")
    func decodesRequests() throws {
        let decoder = JSONDecoder()
        let request = try decoder.decode(RPCRequest.self, from: Data(#"{"jsonrpc":"2.0","id":7,"method":"status"}"#.utf8))
        #expect(request.id == .number(7))
        #expect(request.method == "status")
        let named = try decoder.decode(
            RPCRequest.self, from: Data(#"{"jsonrpc":"2.0","id":"a","method":"notes.play","params":{"notes":["C3",60]}}"#.utf8))
        #expect(named.id == .string("a"))
        #expect(named.params == .object(["notes": .array([.string("C3"), .number(60)])]))
    }

    @Test("responses encode as one line with sorted keys and whole numbers as integers")
    func encodesResponses() {
        let response = RPCResponse(id: .number(1), result: .object(["correct": .number(3), "rate": .number(0.25)]))
        #expect(Wire.encode(response) == #"{"id":1,"jsonrpc":"2.0","result":{"correct":3,"rate":0.25}}"#)
        let error = RPCResponse(id: .null, error: .methodNotFound("nope", known: ["status"]))
        #expect(Wire.encode(error).contains(#""code":-32601"#))
        #expect(!Wire.encode(error).contains("\n"))
    }

    @Test("JSON values round-trip", arguments: [
        JSONValue.null, .bool(true), .number(-3), .number(2.5), .string("é\"\n"), .array([.null, .number(1)]),
        .object(["k": .object(["n": .array([])])]),
    ])
    func roundTrip(value: JSONValue) throws {
        let data = Data(Wire.encode(value).utf8)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }

    @Test("every error code has its own meaning: no two cases share a code")
    func errorCodes() {
        #expect(Set(ErrorCode.allCases.map(\.rawValue)).count == ErrorCode.allCases.count)
        #expect(RPCError.noSession("session.stop").code != RPCError.noResults.code)
    }

    @Test("a notification encoded straight from its type is the line the JSONValue route gives")
    func typedNotification() {
        let report = EventReport(
            seq: 42, type: "noteJudged", topic: .answer, sessionSeconds: 12.375, text: "C#3 — wrong (expected D3) \"x\"/y",
            details: .object(["cents": .number(-3.5), "count": .number(7), "notes": .array([.string("C#3"), .null, .bool(true)])]))
        let viaValue = Wire.encode(RPCNotification(method: "event", params: Wire.value(report)))
        #expect(Wire.notification(method: "event", params: report) == viaValue)
    }

    @Test("a response around a result kept encoded is the same line as one encoded whole", arguments: [
        JSONValue.number(1), .number(-7.5), .string("a \"quoted\" id"), .null, .number(1e20),
    ])
    func responseAroundEncodedResult(id: JSONValue) {
        let result = JSONValue.object(["b": .array([.number(2), .null]), "a": .string("é/x"), "c": .object([:])])
        #expect(Wire.response(id: id, encodedResult: Wire.encode(result)) == Wire.response(id: id, result: result))
    }
}
