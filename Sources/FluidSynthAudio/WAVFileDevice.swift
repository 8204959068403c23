import Foundation
import Synchronization
import Training

/// The `file` audio driver: what the student would hear, written to a WAV file in real time
/// (`audio.driver = "file"`, `audio.device = "/path/lesson.wav"`). A thread of its own asks the
/// renderer for one period at a time, paced by the monotonic clock, so the file grows with the
/// wall clock (silence included) and a note played at second 12 is at second 12 in the file.
///
/// The file is 16-bit stereo PCM at the configured rate. Its header's sizes are brought up to
/// date after every period, so a reader finds a valid file at any moment. Each opening starts
/// the file anew. When the thread falls behind (a busy machine) it catches up without sleeping;
/// when a write fails (a full disk) it stops, and the output service sees the device lost.
final class WAVFileDevice: AudioDevice, @unchecked Sendable {  // the thread owns the file; `stop` and `taken` are atomics
    private let fd: Int32
    private let renderer: ToneRenderer
    private let periodFrames: Int
    private let sampleRate: Int
    private let stop = Atomic<Bool>(false)
    private let taken = Atomic<Int>(0)
    private let finished = DispatchSemaphore(value: 0)
    private static let headerBytes = 44

    init(path: String, configuration: AudioConfiguration, renderer: ToneRenderer) throws(AudioError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw .deviceUnavailable(driver: "file", device: path, message: String(cString: strerror(errno)))
        }
        self.fd = fd
        name = path
        self.renderer = renderer
        periodFrames = configuration.periodSize
        sampleRate = Int(configuration.sampleRate)
        guard Self.writeAll(fd, Self.header(sampleRate: sampleRate, dataBytes: 0)) else {
            close(fd)
            throw .deviceUnavailable(driver: "file", device: path, message: "cannot write the WAV header: \(String(cString: strerror(errno)))")
        }
        let thread = Thread { [self] in run() }
        thread.name = "eartrainer-wav"
        thread.start()
    }

    var framesTaken: Int { taken.load(ordering: .relaxed) }
    let name: String
    var card: SoundCard? { nil }

    deinit {
        stop.store(true, ordering: .relaxed)
        finished.wait()
        close(fd)
    }

    private func run() {
        defer { finished.signal() }
        var left = [Float](repeating: 0, count: periodFrames)
        var right = [Float](repeating: 0, count: periodFrames)
        var pcm = [Int16](repeating: 0, count: periodFrames * 2)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let startNanos = Int(start.tv_sec) * 1_000_000_000 + Int(start.tv_nsec)
        var frames = 0
        while !stop.load(ordering: .relaxed) {
            left.withUnsafeMutableBufferPointer { l in
                right.withUnsafeMutableBufferPointer { r in renderer.render(frames: periodFrames, left: l.baseAddress!, right: r.baseAddress!) }
            }
            for index in 0..<periodFrames {
                pcm[2 * index] = Self.quantize(left[index])
                pcm[2 * index + 1] = Self.quantize(right[index])
            }
            let written = pcm.withUnsafeBytes { Self.writeAll(fd, $0) }
            guard written else { return }  // a full disk: the service sees no frames taken and reopens
            frames += periodFrames
            let dataBytes = frames * 4
            _ = Self.patch(fd, at: 4, UInt32(truncatingIfNeeded: 36 + dataBytes))
            _ = Self.patch(fd, at: 40, UInt32(truncatingIfNeeded: dataBytes))
            taken.store(frames, ordering: .relaxed)
            // Sleep until this period's end on the monotonic clock (not before: real time).
            let due = startNanos + frames * 1_000_000_000 / sampleRate
            var until = timespec(tv_sec: due / 1_000_000_000, tv_nsec: due % 1_000_000_000)
            while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, nil) == EINTR {}
        }
    }

    /// A 44-byte header for 16-bit stereo PCM.
    static func header(sampleRate: Int, dataBytes: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { bytes.append(contentsOf: $0) } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { bytes.append(contentsOf: $0) } }
        bytes += Array("RIFF".utf8); append32(36 + dataBytes)
        bytes += Array("WAVEfmt ".utf8); append32(16)
        append16(1); append16(2); append32(sampleRate); append32(sampleRate * 4); append16(4); append16(16)
        bytes += Array("data".utf8); append32(dataBytes)
        return bytes
    }

    private static func writeAll(_ fd: Int32, _ bytes: some ContiguousBytes) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    private static func patch(_ fd: Int32, at offset: Int, _ value: UInt32) -> Bool {
        withUnsafeBytes(of: value.littleEndian) { pwrite(fd, $0.baseAddress!, 4, off_t(offset)) == 4 }
    }

    private static func quantize(_ value: Float) -> Int16 {
        Int16((max(-1, min(1, value)) * 32767).rounded())
    }
}
