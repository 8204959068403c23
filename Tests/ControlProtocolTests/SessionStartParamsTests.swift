import Foundation
import MusicTheory
import Testing
import Training

@testable import ControlProtocol

/// `session.start` and `status` carry the shared enums themselves: the wire names stay, and an
/// unknown one is refused while decoding, with the names accepted.
@Suite("Session params and status hold the shared enums")
struct SessionStartParamsTests {
    @Test("the wire names are the enums' names")
    func wireNames() throws {
        var params = SessionStartParams(kind: .interval)
        params.set("direction", .string(IntervalDirection.descending.rawValue))
        params.tuning = .justIntonation
        let text = Wire.encode(Wire.value(params))
        #expect(text.contains(#""kind":"interval""#), "\(text)")
        #expect(text.contains(#""direction":"descending""#), "\(text)")
        #expect(text.contains(#""tuning":"just""#), "\(text)")
        #expect(try Wire.decode(SessionStartParams.self, from: Wire.value(params)) == params)
    }

    /// A kind's own params (an interval session's `direction`) are read by its module when the
    /// session starts, and refused there with the list (SharedNamesRequestTests).
    @Test("an unknown kind or tuning is refused with the names accepted", arguments: [
        (#"{"kind":"blues"}"#, "kind", "'blues' is not one of \(ExerciseKind.names.map { "'\($0)'" }.joined(separator: ", "))"),
        (#"{"kind":"scale","tuning":"meantone"}"#, "tuning", "'meantone' is not one of 'equal', 'just', 'pythagorean'"),
    ])
    func refused(json: String, key: String, message: String) {
        #expect {
            try JSONDecoder().decode(SessionStartParams.self, from: Data(json.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == [key] && context.debugDescription == message
        }
    }

    @Test("the tuning's other spellings are still taken on the wire")
    func tuningSpelling() throws {
        let params = try JSONDecoder().decode(SessionStartParams.self, from: Data(#"{"kind":"scale","tuning":"et"}"#.utf8))
        #expect(params.tuning == .equalTemperament)
    }
}
