import Foundation
import Glibc
import SoundInput
import Synchronization
import SystemCalls
import Testing

/// A pace that never sleeps: it notes the times it was asked to wait for, so a test checks the
/// schedule, not the wall clock.
final class NotedPace: InputPace {
    private let asked = Mutex<[Double]>([])
    var times: [Double] { asked.withLock { $0 } }
    func now() -> Double { 100 }
    func wait(until time: Double, wake: WakePipe) { asked.withLock { $0.append(time) } }
}

@Suite("A WAV stream read at the pace it arrives")
struct WAVStreamReaderTests {
    /// Runs `reader` on a thread of its own (it blocks, as the daemon's input thread does), never
    /// one of Swift's pool, and returns its events once it ends.
    static func run(_ reader: WAVStreamReader) async -> [WAVStreamReader.Event] {
        await withCheckedContinuation { done in
            Thread {
                var events: [WAVStreamReader.Event] = []
                reader.run { events.append($0) }
                done.resume(returning: events)
            }.start()
        }
    }

    /// Opens `pipe` for writing once a reader has it open (a non-blocking open waits for none).
    static func openWriter(_ pipe: String) async throws -> Int32 {
        for _ in 0..<500 {
            let writer = open(pipe, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if writer >= 0 { return writer }
            try await Task.sleep(for: .milliseconds(10))
        }
        return -1
    }

    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "wav-stream-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func events(_ path: String, pace: any InputPace = NotedPace()) throws -> [WAVStreamReader.Event] {
        var events: [WAVStreamReader.Event] = []
        try WAVStreamReader(path: path, blockFrames: 480, pace: pace).run { events.append($0) }
        return events
    }

    @Test("a file: its format, then its samples in blocks, each handed on no sooner than it would have been captured, then its end")
    func file() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let format = WAVFormat(encoding: .int24, channels: 2, sampleRate: 48000)
        let sine = WAVBytes.sine(440, seconds: 0.1, rate: 48000)
        try Data(WAVBytes.header(format) + WAVBytes.samples(sine, format)).write(to: URL(fileURLWithPath: folder + "/a.wav"))
        let pace = NotedPace()
        let events = try Self.events(folder + "/a.wav", pace: pace)
        #expect(events.first == .started(format.sampleFormat) && events.last == .ended("the stream ended"))
        let samples = events.flatMap { if case .samples(let block) = $0 { block } else { [Float]() } }
        let errors = zip(samples, sine).map { abs($0 - $1) }
        #expect(samples.count == sine.count)
        #expect(errors.allSatisfy { $0 < 1e-6 })
        let due: [Double] = (1...10).map { (block: Int) -> Double in 100 + Double(block * 480) / 48000 }
        #expect(pace.times == due, "each block when its last sample would have come in")
    }

    @Test("garbage, a header cut short, a path that is not there: the stream ends with the reason, nothing is handed on")
    func badStreams() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mono = WAVFormat(encoding: .int16, channels: 1, sampleRate: 48000)
        for (name, bytes, reason) in [
            ("garbage", Array("this is not a sound".utf8), "not a WAV stream: it does not begin with RIFF"),
            ("cut", Array(WAVBytes.header(mono).prefix(30)), "the stream ended inside its WAV header"),
            ("eight", WAVBytes.header(WAVFormat(encoding: .int16, channels: 6, sampleRate: 48000)), "a WAV stream of 6 channels: mono or stereo are taken"),
        ] {
            try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
            let events = try Self.events("\(folder)/\(name)")
            #expect(events.count == 1, "\(name): \(events)")
            guard case .ended(let said)? = events.first else { Issue.record("\(name): \(events)"); continue }
            #expect(said.hasSuffix(reason), "\(name): \(said)")
        }
        #expect(try Self.events(folder + "/missing.wav") == [.ended("\(folder)/missing.wav cannot be opened: No such file or directory")])
    }

    @Test("a named pipe: read as its writer writes, an odd byte split kept for the next write; its writer going away ends the stream")
    func namedPipe() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pipe = folder + "/in.wav"
        #expect(mkfifo(pipe, 0o600) == 0)
        let format = WAVFormat(encoding: .int16, channels: 1, sampleRate: 8000)
        let bytes = WAVBytes.header(format) + WAVBytes.samples(WAVBytes.sine(200, seconds: 0.5, rate: 8000), format)
        let reader = try WAVStreamReader(path: pipe, blockFrames: 400, pace: NotedPace())
        async let read = Self.run(reader)
        // The writer opens the pipe after the reader, and writes in pieces that split a header and a sample.
        let writer = try await Self.openWriter(pipe)
        try #require(writer >= 0)
        for piece in [0..<21, 21..<45, 45..<1001, 1001..<bytes.count] {
            try writeAll(bytes[piece], to: writer)
            try await Task.sleep(for: .milliseconds(20))
        }
        close(writer)
        let events = await read
        let samples = events.flatMap { if case .samples(let block) = $0 { block } else { [Float]() } }
        #expect(events.first == .started(format.sampleFormat) && samples.count == 4000 && events.last == .ended("the stream ended"))
    }

    @Test("stop() ends a reader waiting on a pipe nobody writes to")
    func stopWhileWaiting() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pipe = folder + "/idle.wav"
        #expect(mkfifo(pipe, 0o600) == 0)
        let reader = try WAVStreamReader(path: pipe, pace: NotedPace())
        async let read = Self.run(reader)
        try await Task.sleep(for: .milliseconds(50))
        reader.stop()
        #expect(await read == [])
    }
}
