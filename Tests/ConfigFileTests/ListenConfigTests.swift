import ConfigFile
import Testing
import Training

/// `[listen]` and `[training.listen]`: the listening input and how far a sung note may be from
/// the note in tune.
@Suite("The listen section")
struct ListenConfigTests {
    @Test("the driver, its path and the tolerance are read; without them listening is off at 15 c")
    func reads() throws {
        let config = try ConfigLoader.parse(
            "[training.listen]\ntolerance_cents = 8.5\n[listen]\ndriver = \"file\"\ndevice = \"/run/eartrainer/listen.wav\"\n", file: "l.toml")
        #expect(config.listen == ListenConfig(driver: .file, device: "/run/eartrainer/listen.wav"))
        #expect(config.training.settings.listenToleranceCents == 8.5)
        let none = try ConfigLoader.parse("", file: "l.toml")
        #expect(none.listen == ListenConfig(driver: .off, device: "default"))
        #expect(none.training.settings.listenToleranceCents == 15)
    }

    @Test("bad values are refused with the key and what is accepted", arguments: [
        ("[listen]\ndriver = \"microphone\"\n", "listen.driver", "alsa"),
        ("[listen]\ndriver = \"file\"\n", "listen.device", "path"),
        ("[listen]\ndevice = \" \"\n", "listen.device", "path"),
        ("[listen]\ngain = 3\n", "listen.gain", "unknown key"),
        ("[training.listen]\ntolerance_cents = 0\n", "tolerance_cents", "0.5"),
        ("[training.listen]\ntolerance_cents = \"wide\"\n", "tolerance_cents", "number"),
    ])
    func refused(text: String, key: String, words: String) {
        #expect {
            _ = try ConfigLoader.parse(text, file: "l.toml")
        } throws: { error in
            let description = "\(error)"
            #expect(description.contains(key), "\(description)")
            #expect(description.contains(words), "\(description)")
            return error is ConfigError
        }
    }
}
