import Configuration
import Testing
import Training

/// `[voice]`: what is read, and what is refused with the line and the reason.
@Suite("The voice section")
struct VoiceConfigTests {
    @Test("every key is read; the voice name joins language and variant")
    func readsEveryKey() throws {
        let config = try ConfigLoader.parse("""
            [voice]
            speak = "on"
            language = "de"
            voice = "f3"
            rate = 200
            volume = 0.4
            cues = "tones"
            data_path = "/opt/espeak-ng-data"
            """, file: "v.toml")
        #expect(config.voice == VoiceConfig(speak: .on, language: "de", voice: "f3", rate: 200, volume: 0.4, cues: .tones,
                                            dataPath: "/opt/espeak-ng-data"))
        #expect(config.voice.voiceName == "de+f3")
        #expect(try ConfigLoader.parse("", file: "v.toml").voice == VoiceConfig())
        #expect(VoiceConfig().voiceName == "en")
    }

    @Test("bad values are refused with the key, the line and what is accepted", arguments: [
        ("[voice]\nspeak = \"sometimes\"\n", "voice.speak", "'auto', 'on', 'off'"),
        ("[voice]\n\ncues = \"bells\"\n", "voice.cues", "'words', 'tones', 'off'"),
        ("[voice]\nrate = 20\n", "voice.rate", "80"),
        ("[voice]\nvolume = 1.5\n", "voice.volume", "1"),
        ("[voice]\nlanguage = \"en; rm -rf\"\n", "voice.language", "letters, digits"),
        ("[voice]\nlanguage = \"\"\n", "voice.language", "letters, digits"),
        ("[voice]\npitch = 3\n", "voice.pitch", "unknown key"),
    ])
    func refused(text: String, key: String, words: String) {
        #expect {
            _ = try ConfigLoader.parse(text, file: "v.toml")
        } throws: { error in
            let description = (error as? ConfigError)?.description ?? "\(error)"
            #expect(description.contains(key), "\(description)")
            #expect(description.contains(words), "\(description)")
            return error is ConfigError
        }
    }
}
