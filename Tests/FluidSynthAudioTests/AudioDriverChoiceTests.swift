import Foundation
import Synchronization
import ProcessTestSupport
import Testing
@testable import FluidSynthAudio
import Training

/// `audio.driver = "auto"`: the session's sound server when it has one, else ALSA.
@Suite(.cpuHeavy) struct AudioDriverChoiceTests {
    static let socket = "/run/user/1000/pulse/native"

    @Test("auto picks pulseaudio for a session with a PulseAudio-compatible server, else alsa", arguments: [
        (["XDG_RUNTIME_DIR": "/run/user/1000"], [socket], AudioDriver.pulseaudio),
        (["XDG_RUNTIME_DIR": "/run/user/1000"], [], .alsa),
        (["PULSE_SERVER": "unix:/tmp/pulse.sock"], [], .pulseaudio),
        (["PULSE_SERVER": ""], [], .alsa),
        (["XDG_RUNTIME_DIR": ""], [socket], .alsa),
        ([:], [socket], .alsa),  // a system service: no session, so the sound card
    ] as [([String: String], [String], AudioDriver)])
    func auto(environment: [String: String], existing: [String], expected: AudioDriver) {
        #expect(AudioDriver.auto.chosen(environment: environment, exists: existing.contains) == expected)
    }

    @Test("every other driver is itself, whatever the session has", arguments: AudioDriver.allCases.filter { $0 != .auto })
    func explicit(driver: AudioDriver) {
        #expect(driver.chosen(environment: ["PULSE_SERVER": "x"], exists: { _ in true }) == driver)
        #expect(driver.chosen(environment: [:], exists: { _ in false }) == driver)
    }

    @Test("the output service resolves auto before opening, and status names the driver auto chose")
    func serviceResolves() async {
        let opener = RecordingOpener()
        let box = Mutex<AudioOutputService?>(nil)
        let observed = Mutex<AudioOutputService.Status?>(nil)
        let service = AudioOutputService(
            configuration: AudioConfiguration(driver: .auto), renderer: ToneRenderer(cello: nil, tuner: nil, sampleRate: 48000, stopFrames: 128),
            opener: opener, logger: Support.logger, environment: ["PULSE_SERVER": "unix:/tmp/x"],
            sleep: { _ in
                observed.withLock { $0 = box.withLock { $0?.status } }
                throw CancellationError()
            })
        box.withLock { $0 = service }
        await service.run()
        #expect(opener.opened.withLock { $0 } == [.pulseaudio])
        #expect(observed.withLock { $0 } == .playing(device: "default (auto: pulseaudio)"))
    }

    /// Records the driver each attempt asks for and "opens" a device that takes nothing.
    final class RecordingOpener: AudioDeviceOpener {
        let opened = Mutex<[AudioDriver]>([])
        func open(_ configuration: AudioConfiguration, renderer: ToneRenderer) throws(AudioError) -> any AudioDevice {
            opened.withLock { $0.append(configuration.driver) }
            return Device(name: configuration.device)
        }
        final class Device: AudioDevice {
            let name: String
            var card: SoundCard? { nil }
            var framesTaken: Int { 0 }
            init(name: String) { self.name = name }
        }
    }
}
