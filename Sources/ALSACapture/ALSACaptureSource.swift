import CALSA
import Glibc
import SoundInput
import SystemCalls

/// The listening input's capture device (`[listen] driver = "alsa"`): an ALSA PCM opened for
/// capture in the device's own rate and channel count (48 kHz and one channel when it lets us
/// choose), in 32-bit float, 16-bit or 32-bit samples, whichever it takes first. Its samples are
/// handed on as one channel of floats, in blocks of about 5 ms, as they arrive, each with the
/// frames captured since its end (`snd_pcm_delay`), so its onsets are timed when they were
/// captured. The device buffers half a second, so a thread held up (a loaded machine) loses
/// nothing; an overrun all the same is recovered and reported (`status` counts them); a device
/// that goes away (unplugged) ends the stream, saying so.
public final class ALSACaptureSource: SampleSource {
    /// The ALSA device opened (`default`, `hw:1,0`, `plughw:CARD=Device,DEV=0`).
    public let device: String
    private let wake: WakePipe

    /// Frames per block handed on (5.3 ms at 48 kHz).
    public static let blockFrames = 256
    /// The rate asked for when the device lets us choose.
    public static let preferredRate: UInt32 = 48_000

    public init(device: String) throws(SystemCallError) {
        self.device = device
        wake = try WakePipe()
    }

    public var name: String { device }

    public func stop() { wake.requestStop() }

    public func run(_ handler: (SampleEvent) -> Void) {
        calsa_silence_library_errors()
        var handle: OpaquePointer?
        var result = snd_pcm_open(&handle, device, SND_PCM_STREAM_CAPTURE, SND_PCM_NONBLOCK)
        guard result >= 0, let pcm = handle else { return handler(.ended("\(device) cannot be opened for capture: \(Self.text(result))")) }
        defer { snd_pcm_close(pcm) }
        let format: CaptureFormat
        do { format = try Self.configure(pcm) } catch {
            return handler(.ended("\(device) cannot capture: \(error.message)"))
        }
        result = snd_pcm_start(pcm)
        guard result >= 0 else { return handler(.ended("\(device) does not start capturing: \(Self.text(result))")) }
        handler(.started(format.sampleFormat))
        read(pcm, format, handler)
    }

    /// Reads blocks as they come until the device fails or a stop is asked.
    private func read(_ pcm: OpaquePointer, _ format: CaptureFormat, _ handler: (SampleEvent) -> Void) {
        let count = Int(snd_pcm_poll_descriptors_count(pcm))
        var descriptors = [pollfd](repeating: pollfd(), count: max(count, 0) + 1)
        _ = descriptors.withUnsafeMutableBufferPointer { snd_pcm_poll_descriptors(pcm, $0.baseAddress, UInt32(count)) }
        descriptors[count] = pollfd(fd: wake.readEnd.rawValue, events: Int16(POLLIN), revents: 0)
        var buffer = [UInt8](repeating: 0, count: Self.blockFrames * format.frameBytes)
        while !wake.stopRequested {
            _ = poll(&descriptors, nfds_t(descriptors.count), 200)
            if descriptors[count].revents != 0 { wake.drain() }
            let frames = buffer.withUnsafeMutableBytes { snd_pcm_readi(pcm, $0.baseAddress, snd_pcm_uframes_t(Self.blockFrames)) }
            if frames == -Int(EAGAIN) { continue }
            if frames == -Int(EPIPE) || frames == -Int(ESTRPIPE) {
                // An overrun (the input outran us) or a suspend: start again, the samples lost.
                guard snd_pcm_recover(pcm, Int32(frames), 1) >= 0 else {
                    return handler(.ended("\(device) stopped after an overrun"))
                }
                _ = snd_pcm_start(pcm)  // recovered is prepared, not yet capturing
                handler(.overrun)
                continue
            }
            if frames < 0 { return handler(.ended("\(device) was lost: \(Self.text(Int32(frames)))")) }
            if frames == 0 { continue }
            let samples = buffer.withUnsafeBytes { format.mono(UnsafeRawBufferPointer(rebasing: $0[..<(frames * format.frameBytes)])) }
            // What was captured since the block's last frame (and the converter's own delay): the
            // block is that much older than now.
            var delay: snd_pcm_sframes_t = 0
            if snd_pcm_delay(pcm, &delay) >= 0 { handler(.captureDelay(frames: max(0, Int(delay)))) }
            handler(.samples(samples))
        }
    }

    /// Interleaved access, the first sample format of `CaptureFormat.Encoding.preferred` it
    /// takes, its own channel count nearest one and rate nearest 48 kHz, a buffer of about 500 ms
    /// (a capture buffer adds no latency: each block is read as soon as it is there) in periods of
    /// about a block.
    private static func configure(_ pcm: OpaquePointer) throws(CaptureError) -> CaptureFormat {
        var parameters: OpaquePointer?
        try check("snd_pcm_hw_params_malloc", snd_pcm_hw_params_malloc(&parameters))
        defer { snd_pcm_hw_params_free(parameters) }
        try check("snd_pcm_hw_params_any", snd_pcm_hw_params_any(pcm, parameters))
        try check("snd_pcm_hw_params_set_access", snd_pcm_hw_params_set_access(pcm, parameters, SND_PCM_ACCESS_RW_INTERLEAVED))
        guard let encoding = CaptureFormat.Encoding.preferred.first(where: {
            snd_pcm_hw_params_test_format(pcm, parameters, $0.alsa) == 0
        }) else { throw CaptureError(function: "snd_pcm_hw_params_set_format", code: -EINVAL, detail: "none of float, 16-bit or 32-bit samples") }
        try check("snd_pcm_hw_params_set_format", snd_pcm_hw_params_set_format(pcm, parameters, encoding.alsa))
        var channels: UInt32 = 1
        try check("snd_pcm_hw_params_set_channels_near", snd_pcm_hw_params_set_channels_near(pcm, parameters, &channels))
        var rate = preferredRate
        try check("snd_pcm_hw_params_set_rate_near", snd_pcm_hw_params_set_rate_near(pcm, parameters, &rate, nil))
        var period = snd_pcm_uframes_t(blockFrames)
        _ = snd_pcm_hw_params_set_period_size_near(pcm, parameters, &period, nil)  // a wish: the device may know better
        var buffer = snd_pcm_uframes_t(rate / 2)
        try check("snd_pcm_hw_params_set_buffer_size_near", snd_pcm_hw_params_set_buffer_size_near(pcm, parameters, &buffer))
        try check("snd_pcm_hw_params", snd_pcm_hw_params(pcm, parameters))
        guard WAVFormat.sampleRates.contains(Int(rate)), (1...64).contains(Int(channels)) else {
            throw CaptureError(function: "snd_pcm_hw_params", code: -EINVAL, detail: "\(rate) Hz, \(channels) channels")
        }
        return CaptureFormat(encoding: encoding, channels: Int(channels), sampleRate: Int(rate))
    }

    static func text(_ code: Int32) -> String { String(cString: snd_strerror(code)) }
}

/// A failed call while setting the capture up.
struct CaptureError: Error {
    let function: String
    let code: Int32
    var detail: String?

    var message: String { "\(function): \(detail ?? ALSACaptureSource.text(code))" }
}

private func check(_ function: String, _ result: Int32) throws(CaptureError) {
    guard result >= 0 else { throw CaptureError(function: function, code: result) }
}
