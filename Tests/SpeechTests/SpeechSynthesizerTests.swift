import Foundation
import ProcessTestSupport
import Testing
@testable import Speech

/// eSpeak NG in process: what it gives back is speech of a plausible length and level, faster
/// when asked, and the failures say what is missing.
@Suite("The voice", .cpuHeavy)
struct SpeechSynthesizerTests {
    static func rms(_ samples: [Float]) -> Double {
        (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(samples.count, 1))).squareRoot()
    }

    @Test("a prompt is spoken: a second or two of sound, louder than silence")
    func speaksAPrompt() throws {
        let voice = try SpeechSynthesizer()
        let spoken = try voice.speak("D dorian, from D3", VoiceSettings())
        #expect(spoken.sampleRate == 22_050)
        #expect(spoken.duration > .milliseconds(600) && spoken.duration < .seconds(4), "\(spoken.duration)")
        #expect(Self.rms(spoken.samples) > 0.02, "\(Self.rms(spoken.samples))")
        #expect(spoken.samples.allSatisfy { abs($0) <= 1 })
    }

    @Test("a faster rate speaks the same words in less time; volume scales the samples")
    func rateAndVolume() throws {
        let voice = try SpeechSynthesizer()
        let text = "eight correct, one error, forty three seconds"
        let slow = try voice.speak(text, VoiceSettings(rate: 120))
        let fast = try voice.speak(text, VoiceSettings(rate: 320))
        #expect(Double(fast.samples.count) < Double(slow.samples.count) * 0.7, "\(fast.duration) vs \(slow.duration)")
        let loud = try voice.speak(text, VoiceSettings(volume: 1))
        let soft = try voice.speak(text, VoiceSettings(volume: 0.25))
        #expect(abs(Self.rms(soft.samples) / Self.rms(loud.samples) - 0.25) < 0.01)
    }

    @Test("another language's voice speaks; an unknown voice is refused by name")
    func voices() throws {
        let voice = try SpeechSynthesizer()
        #expect(try voice.speak("Guten Tag", VoiceSettings(voice: "de")).samples.count > 10_000)
        #expect(throws: SpeechError.voiceNotFound("xx-nothing")) { try voice.speak("hello", VoiceSettings(voice: "xx-nothing")) }
        // The engine is left usable after a refusal.
        #expect(try voice.speak("hello", VoiceSettings()).samples.count > 5_000)
    }

    @Test("no voice data where it is looked for: refused with the path and the package")
    func missingData() {
        #expect(throws: SpeechError.dataMissing(path: "/nonexistent/espeak-ng-data")) {
            try SpeechSynthesizer(dataPath: "/nonexistent/espeak-ng-data")
        }
        #expect(SpeechError.dataMissing(path: "/x").description.contains("espeak-ng-data package"))
    }

    @Test("resampling keeps the length in time and a tone's frequency")
    func resampling() {
        let rate = 22_050
        let tone = (0..<rate).map { Float(sin(2 * Double.pi * 440 * Double($0) / Double(rate))) }
        let up = SpokenAudio(samples: tone, sampleRate: rate).resampled(to: 48_000)
        #expect(abs(up.samples.count - 48_000) <= 3)
        // Zero crossings upward per second stay 440.
        let crossings = zip(up.samples, up.samples.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
        #expect(abs(crossings - 440) <= 1, "\(crossings)")
    }
}
