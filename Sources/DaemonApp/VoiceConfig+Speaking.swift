import ConfigFile
import Daemon

extension VoiceConfig {
    /// How the voice follower is to speak, from the `[voice]` section in force.
    var speaking: SpeakingSettings {
        SpeakingSettings(mode: speak, cues: cues, voice: voiceName, rate: rate, volume: volume)
    }
}
