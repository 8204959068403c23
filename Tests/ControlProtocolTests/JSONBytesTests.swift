import Foundation
import MusicTheory
import Testing
import Training

@testable import ControlProtocol

/// `JSONBytes` must write exactly what `Wire.encode` writes: clients cannot tell a quick `status`
/// from one answered the usual way.
@Suite("JSON written by hand")
struct JSONBytesTests {
    static func written(_ write: (inout JSONBytes) -> Void) -> String {
        var json = JSONBytes()
        write(&json)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    @Test("strings: every control character, quotes, backslashes, slashes and non-ASCII as Foundation escapes them")
    func strings() {
        let texts = [
            String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) }), #"say "hi" \ back/slash"#,
            "Eb3 ♭ é 𝄢 cello", "", "\u{7F}\u{80}\u{2028}",
        ]
        for text in texts {
            #expect(Self.written { $0.strings([text]) } == Wire.encode([text]))
        }
    }

    @Test("numbers: whole, fractional, tiny and huge, as Foundation writes them")
    func numbers() {
        var random = SeededRandom(seed: 9)
        var values: [Double] = [0, 1, -1, 0.5, 0.1, 1e-7, 123_456.789, 1e15, 1e16, 9_007_199_254_740_993, 1e300, -2.5e-300]
        values += (0..<2000).map { _ in Double.random(in: 0...100_000, using: &random) }
        values += (0..<200).map { _ in Double(bitPattern: random.next()) }.filter(\.isFinite)
        for value in values {
            #expect(Self.written { json in json.array([value]) { $0.number($1) } } == Wire.encode([value]), "\(value)")
        }
    }

    @Test("a clock to the microsecond, from a Duration's parts: read back within a microsecond")
    func seconds() throws {
        let examples: [(Duration, String)] = [
            (.zero, "0"), (.seconds(12), "12"), (.milliseconds(1500), "1.5"), (.microseconds(1), "0.000001"),
            (.nanoseconds(999), "0"), (.nanoseconds(108_294_459_478), "108.294459"), (.milliseconds(-2500), "-2.5"),
            (.seconds(86_400 * 400) + .microseconds(10), "34560000.00001"),
        ]
        for (duration, text) in examples {
            #expect(Self.written { $0.seconds(duration) } == text)
        }
        var random = SeededRandom(seed: 4)
        for _ in 0..<2000 {
            let duration = Duration.nanoseconds(Int64(random.next() % 10_000_000_000_000))
            let read = try JSONDecoder().decode(Double.self, from: Data(Self.written { $0.seconds(duration) }.utf8))
            let exact = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            #expect(abs(read - exact) < 1e-6 * 1.001, "\(duration)")
        }
    }

    @Test("a status template filled with clocks reads back as the status with those clocks")
    func template() throws {
        var status = StatusResult(
            daemon: "eartrainerd test", uptimeSeconds: 0,
            session: SessionStatus(kind: .scale, mode: "dorian", intervals: nil, root: "D3", correct: 2, errors: 1,
                                   elapsedSeconds: 0, prompt: "D3 dorian", progress: 2, total: 8, seed: 5, tuning: .justIntonation),
            devices: DevicesStatus(sequencer: true, keyboard: false, keyboards: [], sound: false, soundDevice: nil, missing: ["keyboard: none"]),
            storage: "available", database: nil, profile: "bea")
        var json = JSONBytes()
        json.raw("queued".utf8)
        StatusTemplate(status).write(to: &json, uptime: .milliseconds(12_345), sessionElapsed: .milliseconds(6_500))
        let filled = try JSONDecoder().decode(StatusResult.self, from: Data(json.bytes.dropFirst(6)))
        status.uptimeSeconds = 12.345
        status.session?.elapsedSeconds = 6.5
        #expect(filled == status)
    }

    @Test("integers: zero, negatives, both ends of Int and UInt64")
    func integers() {
        var random = SeededRandom(seed: 3)
        let signed = [0, 7, -7, 10, -10, 99, 100, Int.max, Int.min] + (0..<500).map { _ in Int(truncatingIfNeeded: random.next()) }
        for value in signed {
            #expect(Self.written { json in json.array([value]) { $0.integer($1) } } == Wire.encode([value]))
        }
        for value in [UInt64.max, 0, 1 << 63] + (0..<200).map({ _ in random.next() }) {
            #expect(Self.written { json in json.array([value]) { $0.integer($1) } } == Wire.encode([value]))
        }
    }

    @Test("status: 2,000 seeded values with every optional member present and absent equal Wire.encode byte for byte")
    func status() {
        var random = SeededRandom(seed: 42)
        for _ in 0..<2000 {
            let status = StatusResult.random(using: &random)
            let handWritten = Self.written { status.write(to: &$0) }
            #expect(handWritten == Wire.encode(status))
        }
    }
}

extension StatusResult {
    static func random(using random: inout SeededRandom) -> StatusResult {
        func maybe<T>(_ value: @autoclosure () -> T) -> T? { Bool.random(using: &random) ? value() : nil }
        func text() -> String {
            ["D3", "dorian", "a \"quoted\" name", "Fluid/R3 ♭", "line\nbreak", "", "tab\there"].randomElement(using: &random)!
        }
        func entry() -> StaffEntry {
            StaffEntry(note: text(), step: Int.random(in: -20...20, using: &random),
                       ledgerLines: (0..<Int.random(in: 0...3, using: &random)).map { _ in Int.random(in: -8...8, using: &random) },
                       accidental: maybe(text()), role: text(), slot: maybe(Int.random(in: 0...8, using: &random)))
        }
        func staff() -> RoundStaff {
            RoundStaff(question: text(), notes: (0..<Int.random(in: 0...8, using: &random)).map { _ in entry() },
                       wrong: (0..<Int.random(in: 0...3, using: &random)).map { _ in entry() })
        }
        let session = maybe(SessionStatus(
            kind: ExerciseKind.allCases.randomElement(using: &random)!, mode: maybe(text()), intervals: maybe((0..<Int.random(in: 0...18, using: &random)).map { _ in text() }),
            root: text(), correct: Int.random(in: 0...10_000, using: &random), errors: Int.random(in: 0...10_000, using: &random),
            elapsedSeconds: Double.random(in: 0...90_000, using: &random), prompt: maybe(text()),
            progress: maybe(Int.random(in: 0...8, using: &random)), total: maybe(8), seed: random.next(),
            tuning: TuningSystem.allCases.randomElement(using: &random)!,
            staff: maybe(staff()), lastStaff: maybe(staff()), direction: maybe(IntervalDirection.allCases.randomElement(using: &random)!)))
        let devices = DevicesStatus(
            sequencer: Bool.random(using: &random), keyboard: Bool.random(using: &random),
            keyboards: (0..<Int.random(in: 0...2, using: &random)).map { _ in text() }, sound: Bool.random(using: &random),
            soundDevice: maybe(text()), missing: (0..<Int.random(in: 0...2, using: &random)).map { _ in text() })
        return StatusResult(
            daemon: text(), uptimeSeconds: Double.random(in: 0...3e7, using: &random), session: session, devices: devices,
            storage: text(), database: maybe(text()), profile: maybe(text()))
    }
}
