import Glibc
import SystemCalls

/// Reads a WAV stream from a path (a file or a named pipe) at the pace it arrives, as if it were
/// being captured: the header first, then the samples as one channel of floats, in blocks, never
/// sooner than the stream's rate allows (a file is not read faster than it plays). What goes
/// wrong ends the stream with a reason in words: a path that cannot be opened, a header this
/// reader does not take, a stream that ends (a pipe's writer going away).
///
/// `run(_:)` blocks its thread until the stream ends or `stop()` is called.
public final class WAVStreamReader: SampleSource {
    /// What the reader reports, in order: `started` once, then `samples` blocks, then `ended` once.
    public typealias Event = SampleEvent

    public let path: String
    /// Frames per block handed on (5.3 ms at 48 kHz).
    public let blockFrames: Int
    private let pace: any InputPace
    private let wake: WakePipe

    /// The largest header taken: a stream whose samples have not begun by then is refused.
    public static let headerLimit = 1 << 20

    public init(path: String, blockFrames: Int = 256, pace: any InputPace = LivePace()) throws(SystemCallError) {
        self.path = path
        self.blockFrames = max(1, blockFrames)
        self.pace = pace
        wake = try WakePipe()
    }

    /// Ends `run(_:)` soon, from any thread.
    public func stop() { wake.requestStop() }

    /// The path.
    public var name: String { path }

    /// Reads until the stream ends or `stop()` is called, handing each event to `handler` on this thread.
    public func run(_ handler: (Event) -> Void) {
        let opened = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard opened >= 0 else {
            return handler(.ended("\(path) cannot be opened: \(Errno(rawValue: errno).message)"))
        }
        let file = FileDescriptor(taking: opened)
        var status = stat()
        let isPipe = fstat(file.rawValue, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO
        var stream = StreamState(blockFrames: blockFrames)
        var chunk = [UInt8](repeating: 0, count: 65536)
        var heardAnything = false
        while !wake.stopRequested {
            var descriptors = [pollfd(fd: file.rawValue, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: wake.readEnd.rawValue, events: Int16(POLLIN), revents: 0)]
            _ = poll(&descriptors, 2, 200)
            if descriptors[1].revents != 0 { wake.drain() }
            let count = read(file.rawValue, &chunk, chunk.count)
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                return handler(.ended("\(path) cannot be read: \(Errno(rawValue: errno).message)"))
            }
            if count == 0 {
                // A pipe nobody has written to yet: wait for its writer. Anything else: the end.
                if isPipe && !heardAnything { wake.sleep(for: .milliseconds(100)); continue }
                return handler(.ended(stream.format == nil ? "the stream ended inside its WAV header" : "the stream ended"))
            }
            heardAnything = true
            switch stream.take(chunk[..<count]) {
            case .refused(let reason): return handler(.ended("\(path): \(reason)"))
            case .waiting: continue
            case .ready(let started, let blocks):
                if let started {
                    stream.origin = pace.now()
                    handler(.started(started.sampleFormat))
                }
                for block in blocks {
                    stream.delivered += block.count
                    pace.wait(until: stream.origin + Double(stream.delivered) / Double(stream.format!.sampleRate), wake: wake)
                    if wake.stopRequested { return }
                    handler(.samples(block))
                }
            }
        }
    }
}

/// What has come of a stream so far: its header's bytes until it is whole, then its format and
/// the bytes of a frame not yet whole.
struct StreamState {
    let blockFrames: Int
    var format: WAVFormat?
    var pending: [UInt8] = []
    /// When its first sample was taken (the pace's time), and frames handed on since.
    var origin = 0.0
    var delivered = 0

    enum Outcome {
        case refused(String)
        case waiting
        /// The format when it has just been read, and the blocks now whole.
        case ready(WAVFormat?, [[Float]])
    }

    mutating func take(_ bytes: ArraySlice<UInt8>) -> Outcome {
        pending += bytes
        var started: WAVFormat?
        if format == nil {
            do {
                let header = try WAVHeader(parsing: pending)
                format = header.format
                started = header.format
                pending.removeFirst(min(header.dataOffset, pending.count))
            } catch .incomplete {
                return pending.count > WAVStreamReader.headerLimit ? .refused("no samples in its first 1 MiB") : .waiting
            } catch {
                return .refused(error.description)
            }
        }
        let format = format!
        let whole = pending.count / format.frameBytes * format.frameBytes
        guard whole > 0 else { return .ready(started, []) }
        let samples = pending.withUnsafeBytes { format.mono(UnsafeRawBufferPointer(rebasing: $0[..<whole])) }
        pending.removeFirst(whole)
        let blocks = stride(from: 0, to: samples.count, by: blockFrames).map { Array(samples[$0..<min($0 + blockFrames, samples.count)]) }
        return .ready(started, blocks)
    }
}
