import Foundation
import ProcessTestSupport
import Testing
import MusicTheory
@testable import FluidSynthAudio
import Training

@Suite(.cpuHeavy) struct SoundFontTests {
    let system = SoundFontLocator.systemPath

    @Test("Lookup order: the config path, then the project's soundfonts/ folder, then Debian's FluidR3_GM")
    func lookupOrder() throws {
        let folder = NSTemporaryDirectory() + "sf-lookup-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let own = folder + "/b.sf2", other = folder + "/a.sf2", config = folder + "/config.sf2"
        for path in [own, other, config] { #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8))) }
        try FileManager.default.removeItem(atPath: config)
        #expect(try SoundFontLocator(configuredPath: config, projectDirectory: folder).locate() == other)
        #expect(FileManager.default.createFile(atPath: config, contents: Data("x".utf8)))
        #expect(try SoundFontLocator(configuredPath: config, projectDirectory: folder).locate() == config)
        #expect(try SoundFontLocator(projectDirectory: folder + "/none").locate() == system)
    }

    @Test("No SoundFont anywhere: an error listing every place looked at, and a sine-only renderer")
    func missing() throws {
        let locator = SoundFontLocator(configuredPath: "/nonexistent/a.sf2", projectDirectory: "/nonexistent", systemPath: "/nonexistent/FluidR3_GM.sf2")
        let expected = AudioError.soundFontNotFound(searched: ["/nonexistent/a.sf2", "/nonexistent/*.sf2", "/nonexistent/FluidR3_GM.sf2"])
        #expect(throws: expected) { try locator.locate() }
        var configuration = Support.configuration(soundFontPath: "/nonexistent/a.sf2")
        configuration.systemSoundFontPath = "/nonexistent/FluidR3_GM.sf2"
        let (renderer, problem) = Support.renderer(configuration, keys: 57...57)
        #expect(problem == expected)
        #expect(!renderer.hasCello)
        #expect(abs(Support.centsOff(renderer, Frequency(hertz: 233.3), source: .cello)) < 0.1)
    }

    @Test("A corrupt SoundFont (truncated, or not a SoundFont at all) falls back to sine with the reason",
          arguments: [true, false])
    func corrupt(truncated: Bool) throws {
        let path = truncated ? try Support.truncatedCopy(of: system, bytes: 65536) : "/etc/hostname"
        let (renderer, problem) = Support.renderer(Support.configuration(soundFontPath: path), keys: 57...57)
        guard case .soundFontUnloadable(let failed, _) = try #require(problem) else {
            Issue.record("expected soundFontUnloadable, got \(String(describing: problem))")
            return
        }
        #expect(failed == path)
        #expect(!renderer.hasCello)
        #expect(abs(Support.centsOff(renderer, Frequency(MIDINote(57)), source: .cello)) < 0.1)
    }

    @Test("A preset the SoundFont lacks is reported, and the renderer falls back to sine")
    func missingPreset() {
        let (renderer, problem) = Support.renderer(Support.configuration(preset: Preset(bank: 77, program: 3)), keys: 57...57)
        #expect(problem == .presetNotFound(path: system, bank: 77, program: 3))
        #expect(!renderer.hasCello)
    }
}
