import Foundation
import MusicTheory
import ProcessTestSupport
import Testing
@testable import FluidSynthAudio

/// The `file` driver writes what would be heard, in real time: the file grows with the wall
/// clock, a note played later is found later in it, at its pitch, and the header is valid while
/// it is being written. Alone in the real-time stage (`.realTimeAlone`): beside other real-time
/// tests, or any busy process, the writer's thread fell behind and caught up in a burst, and the
/// note landed 110–150 ms after the device's clock (two stage runs; 2 of 5 runs beside two busy
/// loops, on the code before and after the listening input alike).
@Suite(.serialized, .realTimeAlone) struct WAVFileDeviceTests {
    static func path() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("wavdev-\(UUID().uuidString.prefix(8)).wav").path
    }

    static func configuration(_ path: String) -> AudioConfiguration {
        AudioConfiguration(sampleRate: 48000, driver: .file, device: path, periodSize: 512, periods: 2)
    }

    @Test("a note played 0.4 s after opening is in the file where the device's clock was then, at its pitch; the file lasts as long as the device was open")
    func realTime() throws {
        let path = Self.path()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (renderer, _) = Support.renderer(keys: 57...57)
        let opened = ContinuousClock.now
        var device: (any AudioDevice)? = try FluidDeviceOpener(cards: { [] }).open(Self.configuration(path), renderer: renderer)
        Thread.sleep(forTimeInterval: 0.4)
        // Where the device's clock is as the note is played: a loaded machine that opened the
        // device late moves both alike.
        let playedAt = device!.framesTaken
        renderer.play([Tone(frequency: Frequency(hertz: 330), velocity: 100, source: .sine, startFrame: 0, frameCount: 24_000)])
        Thread.sleep(forTimeInterval: 0.4)
        // While open: the header already says how much is there.
        let partial = try WAVFile.readLeft(path: path)
        #expect(partial.sampleRate == 48000)
        let attrs = try Data(contentsOf: URL(fileURLWithPath: path))
        let dataSize = attrs[40..<44].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        #expect(dataSize > 0 && dataSize <= attrs.count - 44, "header data size \(dataSize) of \(attrs.count - 44) bytes")
        Thread.sleep(forTimeInterval: 0.7)
        let openFor = (ContinuousClock.now - opened) / .seconds(1)
        #expect(device!.framesTaken > 0)
        device = nil  // closes the file
        let (samples, rate) = try WAVFile.readLeft(path: path)
        let seconds = Double(samples.count) / Double(rate)
        #expect(abs(seconds - openFor) < 0.15 * openFor, "\(seconds) s written for \(openFor) s open")
        let onset = try #require(samples.firstIndex { abs($0) > 0.01 })
        #expect(abs(Double(onset - playedAt) / Double(rate)) < 0.1, "onset at \(Double(onset) / Double(rate)) s, played at \(Double(playedAt) / Double(rate)) s")
        #expect(Double(playedAt) / Double(rate) >= 0.2, "the note came after the sleep, not at once")
        let note = Array(samples[(onset + 4800)..<(onset + 19_200)])
        let pitch = try #require(PitchEstimator().estimate(note, sampleRate: Double(rate), expected: 330))
        #expect(abs(1200 * log2(pitch.hertz / 330)) < 0.5, "\(pitch.hertz) Hz")
    }

    @Test("a path that cannot be written is a device that cannot be opened, with the reason")
    func unwritable() {
        let (renderer, _) = Support.renderer(keys: 57...57)
        #expect {
            _ = try FluidDeviceOpener(cards: { [] }).open(Self.configuration("/nonexistent/dir/x.wav"), renderer: renderer)
        } throws: { error in
            "\(error)".contains("/nonexistent/dir/x.wav") && "\(error)".contains("No such file")
        }
    }
}
