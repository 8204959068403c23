/// Where a listening input's samples come from: a WAV stream (`WAVStreamReader`) or a capture
/// device (ALSACapture's). Each reads on the thread that calls `run`, at the pace the samples
/// come, and says why it ended.
public protocol SampleSource: Sendable {
    /// What it reads, as `status` names it: a path, a device.
    var name: String { get }
    /// Reads until the source ends or `stop()` is called, handing each event to `handler` on
    /// this thread: `started` once, then `samples` blocks, then `ended` once.
    func run(_ handler: (SampleEvent) -> Void)
    /// Ends `run(_:)` soon, from any thread.
    func stop()
}

/// What a sample source reports, in order.
public enum SampleEvent: Sendable, Equatable {
    /// Its format, once known.
    case started(SampleFormat)
    /// A block of samples as one channel of floats, full scale ±1.
    case samples([Float])
    /// Frames captured after the next block's last one and not yet read, as a capture device
    /// tells it: that block ended that long before it is handed on. A source that says nothing
    /// (a WAV stream, read at its pace) hands each block on as it ends.
    case captureDelay(frames: Int)
    /// Samples were lost: the source was not read in time (a capture device's overrun), and the
    /// next block does not follow on from the last.
    case overrun
    /// It ended, and why, in words.
    case ended(String)
}

/// What a source's samples are, as it takes them.
public struct SampleFormat: Sendable, Hashable {
    public var sampleRate: Int
    public var channels: Int
    /// The encoding in words: `16-bit`, `24-bit`, `32-bit float`.
    public var encoding: String

    public init(sampleRate: Int, channels: Int, encoding: String) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.encoding = encoding
    }
}

extension SampleFormat: CustomStringConvertible {
    /// `48000 Hz, 1 channel, 16-bit`.
    public var description: String { "\(sampleRate) Hz, \(channels) channel\(channels == 1 ? "" : "s"), \(encoding)" }
}
