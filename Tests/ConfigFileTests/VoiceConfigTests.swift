import ConfigFile
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

/// `audio.driver`: the drivers that work, and the file driver's path.
@Suite("Audio drivers in the config")
struct AudioDriverConfigTests {
    @Test("each working driver is accepted; the file driver takes its WAV path as the device")
    func accepted() throws {
        for driver in AudioDriver.allCases where driver != .file {
            #expect(try ConfigLoader.parse("[audio]\ndriver = \"\(driver)\"\n", file: "a.toml").audio.driver == driver)
        }
        let file = try ConfigLoader.parse("[audio]\ndriver = \"file\"\ndevice = \"/tmp/lesson.wav\"\n", file: "a.toml").audio
        #expect(file.driver == .file && file.device == "/tmp/lesson.wav")
        #expect(AudioConfig().driver == .auto, "the session's sound server on a desktop, ALSA for the system service")
    }

    @Test("an unknown driver, or the file driver without a path, is refused with what to do", arguments: [
        ("[audio]\ndriver = \"coreaudio\"\n", "'coreaudio' is not one of 'auto', 'alsa', 'pulseaudio', 'jack', 'file'"),
        ("[audio]\ndriver = \"pipewire\"\n", "'pipewire' is not one of 'auto', 'alsa', 'pulseaudio', 'jack', 'file'"),
        ("[audio]\ndriver = \"file\"\n", "give its path"),
    ])
    func refused(text: String, words: String) {
        #expect {
            _ = try ConfigLoader.parse(text, file: "a.toml")
        } throws: { error in
            "\(error)".contains("audio.") && "\(error)".contains(words)
        }
    }
}
