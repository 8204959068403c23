import Foundation
import ProcessTestSupport
import Testing
import MusicTheory
@testable import FluidSynthAudio
import Training

@Suite(.cpuHeavy) struct CalibrationTests {
    static func identity(duration: Int = 500, preset: Preset = .cello, digest: String = "d1") -> CelloCalibration.Identity {
        .init(soundFontDigest: digest, preset: preset, noteDurationMilliseconds: duration, sampleRate: 48000, velocity: 100)
    }

    @Test("The cache returns a stored table only for exactly the same SoundFont digest, preset and note duration")
    func cacheKeys() throws {
        let cache = CalibrationCache(directory: NSTemporaryDirectory() + "cal-cache-\(getpid())")
        var table = CelloCalibration(identity: Self.identity())
        table.record(key: 45, bend: 0, cents: -2.5)
        #expect(cache.store(table))
        #expect(cache.load(Self.identity()) == table)
        #expect(cache.load(Self.identity(duration: 1000)) == nil)
        #expect(cache.load(Self.identity(preset: Preset(bank: 0, program: 41))) == nil)
        #expect(cache.load(Self.identity(digest: "d2")) == nil)
    }

    /// A cache in a temporary folder of its own, and the identity of Debian's FluidR3_GM cello.
    static func systemCello(_ name: String, duration: Int) throws -> (cache: CalibrationCache, path: String, identity: CelloCalibration.Identity) {
        let path = SoundFontLocator.systemPath
        let identity = CelloCalibration.Identity(soundFontDigest: try ContentDigest.of(path: path), preset: .cello,
                                                 noteDurationMilliseconds: duration, sampleRate: 48000, velocity: 100)
        return (CalibrationCache(directory: NSTemporaryDirectory() + "\(name)-\(getpid())"), path, identity)
    }

    @Test("A tuner measures once, stores the table, and a second tuner of the same identity reuses it")
    func measuredOnce() throws {
        let (cache, path, identity) = try Self.systemCello("cal-reuse", duration: 400)
        let first = try CelloTuner(soundFontPath: path, preset: .cello, identity: identity, bend: PitchBend(), cache: cache)
        #expect(first.calibration.count == 0)
        try first.measureCentred(keys: 45...47)
        #expect(first.calibration.count == 3)
        let second = try CelloTuner(soundFontPath: path, preset: .cello, identity: identity, bend: PitchBend(), cache: cache)
        #expect(second.calibration == first.calibration)
        let longer = CelloCalibration.Identity(soundFontDigest: identity.soundFontDigest, preset: .cello,
                                               noteDurationMilliseconds: 800, sampleRate: 48000, velocity: 100)
        let third = try CelloTuner(soundFontPath: path, preset: .cello, identity: longer, bend: PitchBend(), cache: cache)
        #expect(third.calibration.count == 0)
    }

    @Test("A table stored before loudness was measured still loads; the tuner measures a key's loudness when wanted")
    func tableWithoutLoudness() throws {
        let (cache, path, identity) = try Self.systemCello("cal-loudness", duration: 300)
        var table = CelloCalibration(identity: identity)
        table.record(key: 57, bend: 0, cents: -5.0)
        var json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(table)) as? [String: Any])
        json["loudness"] = nil
        try FileManager.default.createDirectory(atPath: cache.directory, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: cache.path(for: identity)))

        let tuner = try CelloTuner(soundFontPath: path, preset: .cello, identity: identity, bend: PitchBend(), cache: cache)
        #expect(tuner.calibration.sounding(key: 57, bend: 0) == -5.0)
        #expect(tuner.calibration.loudness.isEmpty)
        let loudness = try #require(try tuner.loudness(near: Frequency(MIDINote(57))))
        #expect((-40 ... -10).contains(loudness), "\(loudness) LUFS")
        tuner.save()
        #expect(cache.load(identity)?.loudness[57] == loudness)
    }

    @Test("The samples really are out of tune: FluidR3_GM's cello keys read several cents off with the wheel centred")
    func samplesOutOfTune() throws {
        let (renderer, _) = Support.renderer()
        let offsets = AudioSetup.calibratedKeys.compactMap { renderer.tuner?.calibration.centredOffset(ofKey: $0) }
        #expect(offsets.count == AudioSetup.calibratedKeys.count)
        #expect(offsets.map(abs).max()! > 3)
    }

    @Test("A measurement does not depend on the one before it")
    func repeatable() throws {
        let path = SoundFontLocator.systemPath
        let identity = Self.identity(duration: 1000)
        let tuner = try CelloTuner(soundFontPath: path, preset: .cello, identity: identity, bend: PitchBend(), cache: nil)
        let first = try tuner.measure(key: 42, bend: -1).cents
        _ = try tuner.measure(key: 42, bend: 0)
        #expect(try tuner.measure(key: 42, bend: -1).cents == first)
    }

    @Test("Changing the file changes its digest")
    func digest() throws {
        let a = NSTemporaryDirectory() + "digest-a-\(getpid())", b = NSTemporaryDirectory() + "digest-b-\(getpid())"
        try Data("one SoundFont".utf8).write(to: URL(fileURLWithPath: a))
        try Data("one SoundFonu".utf8).write(to: URL(fileURLWithPath: b))
        #expect(try ContentDigest.of(path: a) != ContentDigest.of(path: b))
        #expect(try ContentDigest.of(path: a) == ContentDigest.of(path: a))
    }
}

@Suite(.cpuHeavy) struct PrepareTests {
    @Test("prepare measures what a prompt needs, so playing it afterwards measures nothing")
    func prepared() throws {
        let (renderer, _) = Support.renderer(keys: 57...57)
        let frequencies = [Frequency(hertz: 221.3), Frequency(hertz: 331.7)]
        try renderer.prepare(frequencies)
        let count = try #require(renderer.tuner).calibration.count
        renderer.play(frequencies.map { Tone(frequency: $0, velocity: 90, source: .cello, startFrame: 0, frameCount: 4800) })
        #expect(renderer.tuner?.calibration.count == count)
    }
}
