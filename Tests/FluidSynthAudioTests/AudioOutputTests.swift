import Foundation
import Synchronization
import ProcessTestSupport
import Testing
import MusicTheory
@testable import FluidSynthAudio
import Training

@Suite(.cpuHeavy) struct AudioOutputTests {
    static func renderer() -> ToneRenderer {
        ToneRenderer(cello: nil, tuner: nil, sampleRate: 48000, stopFrames: 128)
    }

    @Test("The default device settings keep the buffer latency within 10 ms")
    func latency() {
        #expect(AudioConfiguration().latency <= 0.010)
        #expect(AudioConfiguration().driver == .auto && AudioConfiguration().device == "default")
    }

    @Test("A device that cannot be opened throws deviceUnavailable naming it (no crash, no NULL driver kept)")
    func noDevice() {
        var configuration = AudioConfiguration(driver: .alsa)
        configuration.device = "hw:99,0"
        #expect {
            _ = try FluidDeviceOpener(cards: { [] }).open(configuration, renderer: Self.renderer())
        } throws: { error in
            guard case AudioError.deviceUnavailable(driver: "alsa", device: "hw:99,0", _) = error else { return false }
            return true
        }
    }

    @Test("With no device the output runs silent, reports it, and retries until the device opens")
    func retries() async {
        let opener = FakeDeviceOpener(failures: 3)
        let sleeps = Mutex<[Duration]>([])
        let service = AudioOutputService(configuration: AudioConfiguration(driver: .alsa), renderer: Self.renderer(), opener: opener,
                                         logger: Support.logger, sleep: { duration in
            let count = sleeps.withLock { $0.append(duration); return $0.count }
            if count >= 10 { throw CancellationError() }
        })
        #expect(service.status == .starting)
        await service.run()
        #expect(opener.attempts == 4)
        #expect(sleeps.withLock { Array($0.prefix(3)) } == Array(repeating: .seconds(3), count: 3))
    }

    @Test("A device that stops taking samples is reported lost, closed, and reopened once it can be; changes are announced")
    func lostAndBack() async {
        let opener = FakeDeviceOpener(failures: 1)
        let box = Mutex<AudioOutputService?>(nil)
        let sleeps = Mutex(0)
        let service = AudioOutputService(configuration: AudioConfiguration(driver: .alsa), renderer: Self.renderer(), opener: opener,
                                         logger: Support.logger, sleep: { _ in
            let count = sleeps.withLock { $0 += 1; return $0 }
            // 1: the retry after the first failure; 2-4: watching the device play; then it is lost.
            if count == 4 { opener.loseDevice(failures: 2) }
            if count >= 20 { throw CancellationError() }
        })
        box.withLock { $0 = service }
        async let changes: [AudioOutputService.Status] = service.changes.reduce(into: []) { $0.append($1) }
        await service.run()
        let seen = await changes
        #expect(opener.attempts == 5)
        guard seen.count == 4, case .silent(let lost) = seen[1], case .silent(let unavailable) = seen[2] else {
            Issue.record("changes: \(seen)")
            return
        }
        #expect(seen[0] == .playing(device: "default") && seen[3] == .playing(device: "default"))
        #expect(lost.contains("default lost") && lost.contains("retrying every 3 s"))
        #expect(unavailable.contains("fake"))
        #expect(service.status == .silent(reason: "closed"))
    }

    @Test("While the real device is missing, the status says silent and why")
    func silentStatus() async {
        var configuration = AudioConfiguration(driver: .alsa)
        configuration.device = "hw:99,0"
        let box = Mutex<AudioOutputService?>(nil)
        let observed = Mutex<[AudioOutputService.Status]>([])
        let service = AudioOutputService(configuration: configuration, renderer: Self.renderer(),
                                         opener: FluidDeviceOpener(cards: { [] }), logger: Support.logger,
                                         sleep: { _ in
            let status = box.withLock { $0?.status }
            let count = observed.withLock { $0.append(status ?? .starting); return $0.count }
            if count >= 2 { throw CancellationError() }
        })
        box.withLock { $0 = service }
        await service.run()
        let statuses = observed.withLock { $0 }
        #expect(statuses.count == 2)
        for status in statuses {
            guard case .silent(let reason) = status else {
                Issue.record("expected silent, got \(status)")
                continue
            }
            #expect(reason.contains("hw:99,0"))
        }
    }
}

@Suite(.cpuHeavy) struct LiveDriverTests {
    static var nullDevice: AudioConfiguration {
        var configuration = Support.configuration()
        configuration.driver = .alsa
        configuration.device = "null"
        return configuration
    }

    /// ALSA's `null` PCM discards samples without pacing (measured: 7.2 M frames in 500 ms), so
    /// this shows the callback path works, not its timing; timing needs the VM's snd-aloop.
    @Test("ALSA's null device (no sound card needed): FluidSynth's audio thread pulls the cello and the sine from the renderer")
    func nullDevice() async throws {
        let (renderer, _) = Support.renderer(Self.nullDevice, keys: 57...57)
        let device = try FluidDeviceOpener(cards: { [] }).open(Self.nullDevice, renderer: renderer)
        renderer.play([Tone(frequency: Frequency(hertz: 220.7), velocity: 100, source: .cello, startFrame: 0, frameCount: 4800),
                       Tone(frequency: Frequency(hertz: 330), velocity: 100, source: .sine, startFrame: 0, frameCount: 4800)])
        let start = renderer.clock
        try await Task.sleep(for: .milliseconds(200))
        let advanced = renderer.clock - start
        withExtendedLifetime(device) {}
        #expect(advanced >= 4800)
        #expect(renderer.takeErrors().isEmpty)
    }

    @Test("The output service opens the real driver when the device exists")
    func servicePlays() async {
        let renderer = ToneRenderer(cello: nil, tuner: nil, sampleRate: 48000, stopFrames: 128)
        let box = Mutex<AudioOutputService?>(nil)
        let observed = Mutex<AudioOutputService.Status?>(nil)
        let service = AudioOutputService(configuration: Self.nullDevice, renderer: renderer,
                                         opener: FluidDeviceOpener(cards: { [] }), logger: Support.logger,
                                         sleep: { _ in
            observed.withLock { $0 = box.withLock { $0?.status } }
            throw CancellationError()
        })
        box.withLock { $0 = service }
        await service.run()
        #expect(observed.withLock { $0 } == .playing(device: "null"))
    }
}
