import CEspeakNG
import Glibc
import Synchronization

/// Text to speech with eSpeak NG, in process: text in, samples out, nothing played.
///
/// eSpeak NG keeps its state in globals, so every call goes through one process-wide lock; a
/// sentence takes a few milliseconds to synthesize, so callers should not hold a real-time thread
/// on it (the daemon synthesizes on its own task and hands the samples to the mixer).
public final class SpeechSynthesizer: Sendable {
    /// Where Debian's espeak-ng-data package puts the voices (its multiarch folder), then where
    /// other distributions do.
    public static let usualDataPaths: [String] = {
        #if arch(x86_64)
        let multiarch = "x86_64-linux-gnu"
        #elseif arch(arm64)
        let multiarch = "aarch64-linux-gnu"
        #elseif arch(arm)
        let multiarch = "arm-linux-gnueabihf"
        #else
        let multiarch = "unknown-linux-gnu"
        #endif
        return ["/usr/lib/\(multiarch)/espeak-ng-data", "/usr/share/espeak-ng-data"]
    }()

    /// The synthesizer's own sample rate (22,050 Hz for eSpeak NG's voices).
    public let sampleRate: Int

    private static let engine = Mutex<EngineState>(.closed)
    private enum EngineState { case closed, open(path: String, rate: Int) }

    /// Opens eSpeak NG with the voice data at `dataPath` (nil: the `ESPEAK_DATA_PATH`
    /// environment variable, then the usual places). eSpeak NG falls back to its built-in path
    /// when the given one is wrong, so the data's phoneme table is looked for here first.
    public init(dataPath: String? = nil) throws(SpeechError) {
        let candidates = dataPath.map { [$0] } ?? Self.environmentDataPath.map { [$0] } ?? Self.usualDataPaths
        guard let path = candidates.first(where: Self.hasData) else { throw .dataMissing(path: candidates[0]) }
        sampleRate = try Self.engine.withLock { state throws(SpeechError) -> Int in
            if case .open(_, let rate) = state { return rate }
            espeak_ng_InitializePath(path)
            var context: espeak_ng_ERROR_CONTEXT?
            try Self.check(espeak_ng_Initialize(&context))
            espeak_ng_ClearErrorContext(&context)
            try Self.check(espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil))
            espeak_SetSynthCallback(collectSamples)
            let rate = Int(espeak_ng_GetSampleRate())
            state = .open(path: path, rate: rate)
            return rate
        }
    }

    /// The samples of `text` spoken with `settings`.
    public func speak(_ text: String, _ settings: VoiceSettings) throws(SpeechError) -> SpokenAudio {
        let collected = SampleCollector()
        try Self.engine.withLock { _ throws(SpeechError) in
            let voice = espeak_ng_SetVoiceByName(settings.voice)
            if voice == ENS_VOICE_NOT_FOUND { throw .voiceNotFound(settings.voice) }
            try Self.check(voice)
            try Self.check(espeak_ng_SetParameter(espeakRATE, Int32(settings.rate), 0))
            try Self.check(espeak_ng_SetParameter(espeakVOLUME, 100, 0))
            let box = Unmanaged.passRetained(collected)
            defer { box.release() }
            let bytes = Array(NoteLetters.respelled(text, voice: settings.voice).utf8CString)
            try bytes.withUnsafeBufferPointer { (buffer) throws(SpeechError) in
                try Self.check(espeak_ng_Synthesize(buffer.baseAddress, buffer.count, 0, POS_CHARACTER, 0,
                                                    UInt32(espeakCHARS_UTF8), nil, box.toOpaque()))
            }
        }
        return SpokenAudio(samples: collected.samples.map { Float($0) / 32768 * Float(settings.volume) }, sampleRate: sampleRate)
    }

    /// What the voice reads `text` as, in IPA, phrase by phrase (" | " between them): the same
    /// text `speak` gives eSpeak NG, note letters respelled. For tests that listen to the words.
    public func phonemes(_ text: String, voice: String = "en") throws(SpeechError) -> String {
        try Self.engine.withLock { _ throws(SpeechError) -> String in
            let status = espeak_ng_SetVoiceByName(voice)
            if status == ENS_VOICE_NOT_FOUND { throw .voiceNotFound(voice) }
            try Self.check(status)
            var phrases: [String] = []
            let bytes = Array(NoteLetters.respelled(text, voice: voice).utf8CString)
            bytes.withUnsafeBufferPointer { buffer in
                var position: UnsafeRawPointer? = UnsafeRawPointer(buffer.baseAddress)
                while position != nil, let phrase = espeak_TextToPhonemes(&position, espeakCHARS_UTF8, Self.ipa) {
                    phrases.append(String(cString: phrase))
                }
            }
            return phrases.joined(separator: " | ")
        }
    }

    /// espeak_TextToPhonemes's phoneme mode for IPA.
    private static let ipa: Int32 = 0x02

    private static var environmentDataPath: String? {
        guard let value = getenv("ESPEAK_DATA_PATH") else { return nil }
        // ESPEAK_DATA_PATH names the folder that holds espeak-ng-data.
        return String(cString: value) + "/espeak-ng-data"
    }

    private static func hasData(at path: String) -> Bool {
        access(path + "/phontab", R_OK) == 0
    }

    private static func check(_ status: espeak_ng_STATUS) throws(SpeechError) {
        guard status != ENS_OK else { return }
        var message = [CChar](repeating: 0, count: 256)
        espeak_ng_GetStatusCodeMessage(status, &message, message.count)
        throw .engine(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}

/// Where one `speak` call's samples go: the callback finds it through the events' user data.
private final class SampleCollector {
    var samples: [Int16] = []
}

/// eSpeak NG's synthesis callback (synchronous output: called on the speaking thread, inside
/// `espeak_ng_Synthesize`, with the engine lock held).
private func collectSamples(_ wave: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let wave, count > 0, let userData = events?.pointee.user_data else { return 0 }
    let collector = Unmanaged<SampleCollector>.fromOpaque(userData).takeUnretainedValue()
    collector.samples.append(contentsOf: UnsafeBufferPointer(start: wave, count: Int(count)))
    return 0
}
