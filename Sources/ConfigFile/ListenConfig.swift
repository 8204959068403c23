import Training

/// The `[listen]` section: the listening input a sung or bowed answer comes in by
/// (docs/listening.md). Off by default.
public struct ListenConfig: Sendable {
    /// `off`, `alsa` or `file`.
    public var driver: ListenDriver
    /// For `alsa`, the capture device (`default`, `hw:1,0`, a piece of a card's name); for
    /// `file`, the path of the WAV stream (a file, or a named pipe).
    public var device: String

    public init(driver: ListenDriver = .off, device: String = "default") {
        self.driver = driver
        self.device = device
    }
}

extension ListenConfig: Hashable, Codable {}

extension ListenConfig {
    init(reading reader: inout TableReader) throws(ConfigError) {
        let d = ListenConfig()
        self.init(
            driver: try reader.parsed("driver", d.driver, ListenDriver.init(choosing:)),
            device: try reader.parsed("device", d.device) { text in
                guard !text.allSatisfy(\.isWhitespace) else {
                    throw Message("give the input's device: for alsa \"default\", \"hw:1,0\" or a piece of a sound card's name; for the file driver the path of a WAV file or a named pipe")
                }
                return text
            })
        if driver == .file && device == d.device {
            throw reader.error(.invalidValue, "device", "the file driver reads a WAV stream: give its path, such as \"/run/eartrainer/listen.wav\" (a named pipe)")
        }
        try reader.finish()
    }
}
