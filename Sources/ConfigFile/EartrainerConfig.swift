/// Everything the daemon reads from its one config file, in eight sections.
///
/// `EartrainerConfig()` is the built-in defaults; `config/eartrainer.toml` documents every key and
/// a test checks that it loads to exactly these values.
public struct EartrainerConfig: Sendable {
    /// Which keyboards to listen to and which keys and pedals are controls.
    public var midi: MIDIConfig
    /// The synthesizer and the sound device.
    public var audio: AudioConfig
    /// The student's settings and the default exercise; reloadable, applied from the next prompt.
    public var training: TrainingConfig
    /// The control socket.
    public var socket: SocketConfig
    /// The statistics database.
    public var storage: StorageConfig
    /// The voice.
    public var voice: VoiceConfig
    /// The web view (`eartrainer-web`): where it listens, who may look.
    public var web: WebConfig
    /// The listening input: a voice or an instrument answering through a microphone.
    public var listen: ListenConfig

    /// A config with the built-in default for every section not given.
    public init(
        midi: MIDIConfig = MIDIConfig(), audio: AudioConfig = AudioConfig(),
        training: TrainingConfig = TrainingConfig(), socket: SocketConfig = SocketConfig(),
        storage: StorageConfig = StorageConfig(), voice: VoiceConfig = VoiceConfig(),
        web: WebConfig = WebConfig(), listen: ListenConfig = ListenConfig()
    ) {
        self.midi = midi
        self.audio = audio
        self.training = training
        self.socket = socket
        self.storage = storage
        self.voice = voice
        self.web = web
        self.listen = listen
    }

    /// The built-in defaults.
    public static let defaults = EartrainerConfig()
}

extension EartrainerConfig: Hashable, Codable {}
