import Foundation
import Synchronization
import ProcessTestSupport
import Testing
@testable import FluidSynthAudio
import Training

/// How `audio.device` picks a sound card among those present.
@Suite(.cpuHeavy) struct ALSADeviceTests {
    /// A laptop with a USB sound card plugged in; /proc/asound/cards shows them as
    ///
    ///      0 [PCH            ]: HDA-Intel - HDA Intel PCH
    ///                           HDA Intel PCH at 0xf7f10000 irq 32
    ///      1 [Device         ]: USB-Audio - USB Audio Device
    ///                           C-Media Electronics Inc. USB Audio Device at usb-0000:00:14.0-2, full speed
    static let twoCards = [
        SoundCard(index: 0, id: "PCH", driver: "HDA-Intel", name: "HDA Intel PCH", longName: "HDA Intel PCH at 0xf7f10000 irq 32"),
        SoundCard(index: 1, id: "Device", driver: "USB-Audio", name: "USB Audio Device",
                  longName: "C-Media Electronics Inc. USB Audio Device at usb-0000:00:14.0-2, full speed"),
    ]
    /// Two USB cards of one kind and the loopback: "usb audio" names both USB cards.
    static let threeCards = [
        SoundCard(index: 0, id: "Device", driver: "USB-Audio", name: "USB Audio Device",
                  longName: "C-Media Electronics Inc. USB Audio Device at usb-0000:00:14.0-1, full speed"),
        SoundCard(index: 1, id: "Device_1", driver: "USB-Audio", name: "USB Audio Device",
                  longName: "C-Media Electronics Inc. USB Audio Device at usb-0000:00:14.0-2, full speed"),
        SoundCard(index: 2, id: "Loopback", driver: "Loopback", name: "Loopback", longName: "Loopback 1"),
    ]
    static let noCards: [SoundCard] = []

    @Test("default and anything with a colon are ALSA's own names; anything else is a piece of a card's name",
          arguments: ["default", "hw:1,0", "plughw:CARD=Device,DEV=0", "hw:Loopback,0,0", "pulse:"])
    func alsaNames(_ text: String) {
        #expect(ALSADevice(parsing: text) == .named(text))
        #expect(ALSADevice(parsing: text).target(among: Self.twoCards).device == text)
    }

    @Test("A piece of a card's id, name or long name, any case, opens that card through the plug layer",
          arguments: ["USB Audio", "usb audio", "Device", "c-media", "full speed"])
    func namesTheUSBCard(_ text: String) throws {
        let cards = Self.twoCards
        let target = ALSADevice(parsing: text).target(among: cards)
        #expect(target.device == "plughw:CARD=Device,DEV=0")
        #expect(target.card == cards[1])
    }

    @Test("A name several cards match opens the first by index, and names them all")
    func severalMatch() {
        let cards = Self.threeCards
        let wanted = ALSADevice(parsing: "usb audio")
        #expect(cards.map(wanted.names) == [true, true, false])
        #expect(wanted.target(among: cards).device == "plughw:CARD=Device,DEV=0")
        #expect(ALSADevice(parsing: "loop").target(among: cards).device == "plughw:CARD=Loopback,DEV=0")
    }

    @Test("An ALSA name names the card it says by number or id; default names none")
    func alsaNameNamesItsCard() {
        let cards = Self.twoCards
        #expect(cards.map(ALSADevice(parsing: "hw:1,0").names) == [false, true])
        #expect(cards.map(ALSADevice(parsing: "plughw:CARD=PCH,DEV=0").names) == [true, false])
        #expect(cards.map(ALSADevice(parsing: "hw:Device,0").names) == [false, true])
        #expect(cards.map(ALSADevice(parsing: "default").names) == [false, false])
    }

    @Test("A name no card matches is handed to ALSA as it is (null, sysdefault, a PCM of ~/.asoundrc)")
    func noCardMatches() {
        let target = ALSADevice(parsing: "null").target(among: Self.twoCards)
        #expect(target.device == "null" && target.card == nil)
    }

    @Test("A card found by name is what the opener asks FluidSynth for (no card here: it fails on that device)")
    func openerResolves() {
        var configuration = AudioConfiguration(driver: .alsa)
        configuration.device = "USB Audio"
        let opener = FluidDeviceOpener(cards: { Self.twoCards })
        #expect {
            _ = try opener.open(configuration, renderer: AudioOutputTests.renderer())
        } throws: { error in
            guard case AudioError.deviceUnavailable(driver: "alsa", device: "plughw:CARD=Device,DEV=0", _) = error else { return false }
            return true
        }
    }

    @Test("No card matching and no ALSA device of that name: the reason names the pattern and the cards present")
    func missingCardReason() {
        var configuration = AudioConfiguration(driver: .alsa)
        configuration.device = "Scarlett"
        for (cards, listed) in [(Self.twoCards, "cards: 0 PCH 'HDA Intel PCH', 1 Device 'USB Audio Device'"), (Self.noCards, "no sound cards")] {
            #expect {
                _ = try FluidDeviceOpener(cards: { cards }).open(configuration, renderer: AudioOutputTests.renderer())
            } throws: { error in
                guard case AudioError.noSoundCard(pattern: "Scarlett", cards: cards) = error else { return false }
                return "\(error)" == "no sound card matches 'Scarlett' (\(listed))"
            }
        }
    }

    @Test("The card is looked for again at every attempt: one plugged in later is the device tried")
    func pluggedInLater() async {
        var configuration = AudioConfiguration(driver: .alsa)
        configuration.device = "USB Audio"
        let plugged = Mutex(false)
        let opener = FluidDeviceOpener(cards: { plugged.withLock { $0 } ? Self.twoCards : [] })
        let box = Mutex<AudioOutputService?>(nil)
        let seen = Mutex<[AudioOutputService.Status]>([])
        let service = AudioOutputService(configuration: configuration, renderer: AudioOutputTests.renderer(), opener: opener,
                                         logger: Support.logger, sleep: { _ in
            let count = seen.withLock { seen in
                seen.append(box.withLock { $0 }?.status ?? .starting)
                return seen.count
            }
            if count == 1 { plugged.withLock { $0 = true } }
            if count >= 2 { throw CancellationError() }
        })
        box.withLock { $0 = service }
        await service.run()
        let statuses = seen.withLock { $0 }
        #expect(statuses.first == .silent(reason: "no sound card matches 'USB Audio' (no sound cards)"))
        // This machine has no card: the plugged-in card is what FluidSynth was asked to open.
        guard case .silent(let reason) = statuses.last else { Issue.record("\(statuses)"); return }
        #expect(statuses.count == 2 && reason.contains("'plughw:CARD=Device,DEV=0'"))
    }

    @Test("The devices report marks the cards audio.device names and the one the open device plays on")
    func devicesReport() async {
        var configuration = AudioConfiguration(driver: .alsa)
        configuration.driver = .alsa
        configuration.device = "usb audio"
        let cards = Self.threeCards
        let box = Mutex<AudioOutputService?>(nil)
        let report = Mutex<SoundDevicesReport?>(nil)
        let service = AudioOutputService(configuration: configuration, renderer: AudioOutputTests.renderer(),
                                         opener: CardDeviceOpener(card: cards[0]), logger: Support.logger, sleep: { _ in
            report.withLock { $0 = box.withLock { $0 }?.devices(cards: cards) }
            throw CancellationError()
        })
        box.withLock { $0 = service }
        #expect(service.devices(cards: cards).problem == "opening the audio device")
        await service.run()
        let seen = report.withLock { $0 }
        #expect(seen?.open == "on card 0" && seen?.problem == nil)
        #expect(seen?.cards.map(\.named) == [true, true, false])
        #expect(seen?.cards.map(\.inUse) == [true, false, false])
    }

    @Test("Only the alsa driver looks cards up: for file the device stays a path, and no card is named")
    func fileDriverKeepsPath() {
        var configuration = AudioConfiguration(driver: .alsa)
        configuration.driver = .file
        configuration.device = "/nonexistent/dir/USB Audio.wav"
        #expect {
            _ = try FluidDeviceOpener(cards: { Self.twoCards }).open(configuration, renderer: AudioOutputTests.renderer())
        } throws: { error in
            guard case AudioError.deviceUnavailable(driver: "file", device: "/nonexistent/dir/USB Audio.wav", _) = error else { return false }
            return true
        }
        let service = AudioOutputService(configuration: configuration, renderer: AudioOutputTests.renderer(),
                                         opener: FluidDeviceOpener(cards: { Self.twoCards }), logger: Support.logger)
        #expect(service.devices(cards: Self.twoCards).cards.allSatisfy { !$0.named })
    }

    /// Configuration's `AudioConfig.drivers` offers these and our own `file`; this target cannot
    /// see that list, so it is written out here, and a libfluidsynth without one of them fails.
    @Test("Every FluidSynth driver the config offers is compiled into this libfluidsynth",
          arguments: ["alsa", "pulseaudio", "jack"])
    func driverBuiltIn(_ driver: String) throws {
        #expect(try FluidSettings().options("audio.driver").contains(driver))
    }

    @Test("jack has no device setting: without a JACK server it is unavailable, not a settings failure")
    func jackWithoutServer() {
        // make test sets it before the test process starts (scripts/test.sh): a setenv while the
        // suites beside this one start processes can crash Foundation's Process.run, which reads
        // the environment. Run alone, the test sets it itself.
        if getenv("JACK_NO_START_SERVER") == nil { setenv("JACK_NO_START_SERVER", "1", 1) }
        var configuration = AudioConfiguration(driver: .alsa)
        configuration.driver = .jack
        #expect {
            _ = try FluidDeviceOpener(cards: { [] }).open(configuration, renderer: AudioOutputTests.renderer())
        } throws: { error in
            guard case AudioError.deviceUnavailable(driver: "jack", device: "default", _) = error else { return false }
            return true
        }
    }
}

/// Opens a device on one card without FluidSynth (this machine has no card): it takes samples
/// until released.
struct CardDeviceOpener: AudioDeviceOpener {
    let card: SoundCard

    func open(_ configuration: AudioConfiguration, renderer: ToneRenderer) throws(AudioError) -> any AudioDevice {
        Device(card: card)
    }

    final class Device: AudioDevice {
        let card: SoundCard?
        private let frames = Mutex(0)
        init(card: SoundCard) { self.card = card }
        var name: String { "on card \(card?.index ?? -1)" }
        var framesTaken: Int { frames.withLock { $0 += 1024; return $0 } }
    }
}
