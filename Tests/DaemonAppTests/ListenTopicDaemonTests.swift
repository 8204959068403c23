import ConfigFile
import ControlProtocol
import DaemonTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// The `listen` topic through the whole daemon: a recorder's stream written into the listening
/// input's pipe as it is recorded, ten milliseconds at a time, and the readings a subscriber gets
/// of it, in the open question's tuning.
@Suite("the listen topic through the daemon", .daemon)
struct ListenTopicDaemonTests {
    static let rate = 48_000

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Writes a WAV header, then `samples` 10 ms at a time on the machine's clock, as a recorder
    /// does, on a thread of its own; the instant each onset's block was written goes to `written`.
    static func record(_ samples: [Float], onsets: [Int], to pipe: String, written: Marks) {
        Thread {
            let fd = open(pipe, O_WRONLY)
            guard fd >= 0 else { return }
            defer { close(fd) }
            let header = SungAnswerDaemonTests.wav([], lead: 0)
            guard header.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) == header.count else { return }
            let block = rate / 100
            let start = ContinuousClock.now
            for (number, first) in stride(from: 0, to: samples.count, by: block).enumerated() {
                let due = start + .milliseconds(10 * number)
                let wait = due - .now
                if wait > .zero { Thread.sleep(forTimeInterval: seconds(wait)) }
                let bytes = SungAnswerDaemonTests.pcm16(samples[first..<min(samples.count, first + block)])
                guard bytes.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) == bytes.count else { return }
                if onsets.contains(where: { (first..<first + block).contains($0) }) { written.add(ContinuousClock.now) }
            }
        }.start()
    }

    @Test("readings follow what is sung, in the open question's tuning (a just E over C in tune, a G 20 c sharp of its just pitch not), to subscribers alone")
    func readings() async throws {
        let (folder, pipe) = try SungAnswerDaemonTests.pipeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let daemon = try await TestDaemon(config: try SungAnswerDaemonTests.config(listeningTo: pipe, in: folder))
        let link = try await daemon.connect()
        _ = try await link.result("subscribe", .object(["topics": .array([.string("listen")])]))
        _ = try await link.result("session.start", .object([
            "kind": .string("sight-sing"), "root": .string("C"), "length": .number(5), "tuning": .string("just"), "seed": .number(3),
        ]))
        // Just from C: E 13.69 c under its equal pitch, G 1.96 c over it; G is sung 20 c sharp of that.
        let (samples, onsets) = SungAnswerDaemonTests.tones([(SungAnswerDaemonTests.hertz(52, -13.69), 1), (SungAnswerDaemonTests.hertz(55, 21.96), 1)],
                                                             gap: 0.5, lead: 0.4)
        let written = Marks()
        Self.record(samples, onsets: onsets, to: pipe, written: written)

        var readings: [(at: ContinuousClock.Instant, reading: ListenReading)] = []
        while !readings.contains(where: { $0.reading.note == "G3" }) || readings.last?.reading.note != nil {
            let notification = try await link.nextNotification()
            #expect(notification.params["type"]?.stringValue == "listen" && notification.params["topic"]?.stringValue == "listen", "\(notification)")
            readings.append((.now, try Wire.decode(ListenReading.self, from: try #require(notification.params["details"]))))
        }
        let e = readings.filter { $0.reading.note == "E3" }, g = readings.filter { $0.reading.note == "G3" }
        // Each note at full level (its attack and its release read off, as a tuner's needle moves).
        func loudest(_ some: [(at: ContinuousClock.Instant, reading: ListenReading)]) -> ListenReading? {
            some.max { ($0.reading.levelDB ?? -200) < ($1.reading.levelDB ?? -200) }?.reading
        }
        let steadyE = try #require(loudest(e), "\(readings.map(\.reading))")
        #expect(steadyE.tuning == "just" && steadyE.tonic == "C" && steadyE.toleranceCents == 15, "\(steadyE)")
        #expect(abs((steadyE.cents ?? .nan)) <= 1 && steadyE.inTune == true, "E3 at its just pitch: \(steadyE)")
        let steadyG = try #require(loudest(g), "\(readings.map(\.reading))")
        #expect(abs((steadyG.cents ?? .nan) - 20) <= 1 && steadyG.inTune == false, "G3 20 c sharp: \(steadyG)")
        #expect(readings.allSatisfy { $0.reading.note == nil || $0.reading.note == "E3" || $0.reading.note == "G3" },
                "nothing else heard: \(readings.map(\.reading))")
        let marks = written.all
        let latencies = zip(marks, [e.first?.at, g.first?.at]).compactMap { mark, seen in seen.map { Self.seconds($0 - mark) * 1000 } }
        print("listen topic: from a note's first block written to its first reading: " + latencies.map { String(format: "%.0f ms", $0) }.joined(separator: ", ")
              + "; \(readings.count) readings")
        #expect(latencies.count == 2 && latencies.allSatisfy { $0 > 0 }, "\(latencies)")
        // stdout has each whole note (`listen: heard`), never a reading.
        #expect(await Polling.wait(seconds: 60) { daemon.stdout.contains("listen: heard G3") })
        #expect(!daemon.stdout.contains("listen: E3") && !daemon.stdout.contains("listen: no pitch"), "\(daemon.stdout)")
    }
}

/// Instants noted on one thread and read on another.
final class Marks: Sendable {
    private let marks = Mutex<[ContinuousClock.Instant]>([])
    func add(_ instant: ContinuousClock.Instant) { marks.withLock { $0.append(instant) } }
    var all: [ContinuousClock.Instant] { marks.withLock { $0 } }
}
