import ControlProtocol
import DaemonTestSupport
import Foundation
import Glibc
import Testing
import Training

/// Storage under crashes: the real daemon SIGKILLed at random moments while it answers, again and again
/// on the same database. `KILL_CYCLES` and `KILL_SEED` change how often and where.
@Suite("eartrainerd killed during answers", .daemon)
struct KillDuringAnswersTests {
    @Test("SIGKILL at random moments during answers: the file stays intact and keeps every acknowledged answer")
    func killsDuringAnswers() async throws {
        let environment = ProcessInfo.processInfo.environment
        let cycles = environment["KILL_CYCLES"].flatMap(Int.init) ?? 100
        let seed = environment["KILL_SEED"].flatMap(UInt64.init) ?? 0x9_5EED
        var random = SeededRandom(seed: seed)
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("kills-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let database = state + "/eartrainer.sqlite"

        var stored: [StatisticsDatabase.Answer] = []
        var acknowledgedTotal = 0
        var inFlightStored = 0
        let start = ContinuousClock.now
        for cycle in 0..<cycles {
            let daemon = try DaemonProcess(environment: ["STATE_DIRECTORY": state])
            let link = try await daemon.connect()
            _ = try await link.result("subscribe", .object(["topics": .array([.string("answer")])]))
            _ = try await link.result("session.start", .object([
                "kind": .string("scale"), "mode": .string("ionian"), "root": .string("C3"), "seed": .number(Double(cycle)),
            ]))
            // The kill comes 0-150 ms into a stream of answers (a few milliseconds each).
            let delay = Int.random(in: 0...150_000, using: &random)
            let pid = daemon.process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(delay)) { kill(pid, SIGKILL) }

            // Answers whose notes.play reply arrived: acknowledged, so they must be stored.
            var acknowledged: [StatisticsDatabase.Answer] = []
            var lastRequest = 0
            while true {
                let notes = (0..<Int.random(in: 1...3, using: &random)).map { _ in JSONValue.number(Double(Int.random(in: 48...72, using: &random))) }
                lastRequest = notes.count
                var heard: [StatisticsDatabase.Answer] = []
                guard let response = try? await link.call("notes.play", params: .object(["notes": .array(notes)]), onNotification: {
                    if let answer = StatisticsDatabase.Answer($0) { heard.append(answer) }
                }) else { break }  // the connection closed: the daemon is gone
                #expect(response.result?["recorded"] == .bool(true), "notes.play: \(String(describing: response.error))")
                acknowledged += heard
            }
            await daemon.process.exited()
            #expect(daemon.process.terminationReason == .uncaughtSignal && daemon.process.terminationStatus == SIGKILL)

            let after = try StatisticsDatabase(path: database)
            #expect(after.integrity == ["ok"], "cycle \(cycle): integrity_check \(after.integrity)")
            // Nothing stored before is lost; every acknowledged answer follows, in order; at most
            // the request in flight when the signal came adds more.
            #expect(Array(after.answers.prefix(stored.count)) == stored, "cycle \(cycle): earlier answers changed")
            let new = Array(after.answers.dropFirst(stored.count))
            #expect(Array(new.prefix(acknowledged.count)) == acknowledged,
                    "cycle \(cycle): acknowledged \(acknowledged), stored \(new)")
            #expect(new.count <= acknowledged.count + lastRequest, "cycle \(cycle): \(new.count) stored, \(acknowledged.count) acknowledged")
            acknowledgedTotal += acknowledged.count
            inFlightStored += max(0, new.count - acknowledged.count)
            stored = after.answers
        }
        let elapsed = ContinuousClock.now - start

        // A last start on the same file: the daemon opens it and counts everything.
        let daemon = try DaemonProcess(environment: ["STATE_DIRECTORY": state])
        let link = try await daemon.connect()
        #expect(try await link.result("status")["storage"]?.stringValue == "available")
        #expect(try await link.result("stats.get")["figures"]?["overall"]?["answers"]?.numberValue == Double(stored.count))
        await #expect(daemon.stop() == 0)
        print("kills: \(cycles) cycles (seed \(seed)) in \(elapsed); \(acknowledgedTotal) answers acknowledged, "
            + "\(stored.count) stored (\(inFlightStored) of them unacknowledged, in flight at the kill)")
        #expect(acknowledgedTotal > cycles, "too few answers before the kills to show anything")
    }
}
