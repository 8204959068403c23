import ControlProtocol
import Daemon
import DaemonTestSupport
import Foundation
import Testing

/// `devices.get` and `eartrainctl devices` against a live daemon whose sound output reports two
/// cards, the USB one named by `audio.device` and playing.
@Suite("eartrainctl devices", .daemon)
struct DevicesCommandTests {
    static let playing = SoundDevices(
        driver: "alsa", device: "USB Audio", open: "plughw:CARD=Device,DEV=0 (card 1 'USB Audio Device')", problem: nil,
        cards: [
            SoundCardEntry(index: 0, id: "PCH", driver: "HDA-Intel", name: "HDA Intel PCH",
                           longName: "HDA Intel PCH at 0xf7f10000 irq 32", matches: false, inUse: false),
            SoundCardEntry(index: 1, id: "Device", driver: "USB-Audio", name: "USB Audio Device",
                           longName: "C-Media Electronics Inc. USB Audio Device at usb-0000:00:14.0-2, full speed",
                           matches: true, inUse: true),
        ])

    static func daemon(_ devices: SoundDevices) async throws -> TestDaemon {
        let sound = RecordingSoundOutput(status: SoundStatus(deviceOpen: devices.open != nil, detail: devices.open ?? devices.problem ?? ""),
                                         devices: devices)
        return try await TestDaemon(socketFile: true, sound: sound)
    }

    @Test("devices.get gives the keyboards and the sound's driver, device and cards, snake_case")
    func method() async throws {
        let daemon = try await Self.daemon(Self.playing)
        let result = try await daemon.connect().result("devices.get")
        let devices = try Wire.decode(DevicesResult.self, from: result)
        #expect(devices.sound == Self.playing)
        #expect(devices.keyboards == KeyboardDevices(sequencer: false, connected: [], problem: "no keyboard input configured"))
        #expect(devices.sound.cards.last?.longName.hasPrefix("C-Media") == true)
        #expect(devices.sound.cards.last?.inUse == true)
    }

    @Test("eartrainctl devices: the sound playing, each card with its long name, the named one and the one in use marked")
    func text() async throws {
        let daemon = try await Self.daemon(Self.playing)
        let output = try await daemon.ctl("devices")
        #expect(output.status == 0, "\(output)")
        #expect(output.lines == [
            "keyboards: no ALSA sequencer (no keyboard input configured)",
            "sound: playing on plughw:CARD=Device,DEV=0 (card 1 'USB Audio Device') (audio.driver alsa, audio.device \"USB Audio\")",
            "sound cards:",
            "  0 PCH     HDA Intel PCH",
            "    HDA Intel PCH at 0xf7f10000 irq 32",
            "  1 Device  USB Audio Device  [audio.device, in use]",
            "    C-Media Electronics Inc. USB Audio Device at usb-0000:00:14.0-2, full speed",
            "",
        ], "\(output)")
    }

    @Test("eartrainctl devices with the card missing: off, and why; with no cards at all, none")
    func missing() async throws {
        let reason = "no sound card matches 'Scarlett' (no sound cards)"
        let daemon = try await Self.daemon(SoundDevices(driver: "alsa", device: "Scarlett", open: nil, problem: reason, cards: []))
        let output = try await daemon.ctl("devices")
        #expect(output.lines.dropFirst().prefix(2) == [
            "sound: off: \(reason) (audio.driver alsa, audio.device \"Scarlett\")", "sound cards: none",
        ], "\(output)")
        let status = try await daemon.connect().result("status")
        #expect(status["devices"]?["missing"]?.arrayValue.contains(.string("sound: \(reason)")) == true)
    }

    @Test("eartrainctl devices --json prints the daemon's answer as it is")
    func json() async throws {
        let daemon = try await Self.daemon(Self.playing)
        let output = try await daemon.ctl("devices", "--json")
        let printed = try JSONDecoder().decode(DevicesResult.self, from: Data(output.stdout.utf8))
        #expect(printed.sound == Self.playing)
    }
}
