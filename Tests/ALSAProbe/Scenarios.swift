import ALSASequencer
import Foundation
import VMProbeSupport
import MusicTheory

/// The ALSA input's VM scenarios, in order. Each records its checks in `report`.
struct Scenarios {
    let report: Report
    let virmidiPath = "/dev/snd/midiC0D0"
    let virmidiClient = "Virtual Raw MIDI 0-0"
    let fast = KeyboardInput.Configuration(retryInterval: .seconds(2))

    /// 0. No sequencer at start: the input keeps running, says so, and comes alive when it appears.
    func noSequencerThenModules() {
        let probe = Collector(fast, label: "no-sequencer")
        let saw = waitUntil(.seconds(15)) { probe.input.status.isNoSequencer }
        report.check("0 no sequencer", saw != nil, "status: \(probe.input.status)")
        let load = shell(["modprobe", "-a", "snd-seq", "snd-virmidi"])
        report.note("modprobe snd-seq snd-virmidi: exit \(load.status) \(load.output)")
        let alive = waitUntil(.seconds(15)) { probe.input.status.keyboards.contains { $0.clientName == virmidiClient } }
        report.check("0 comes alive", alive != nil,
                     "after modprobe: \(probe.input.status) in \(alive.map { "\($0)" } ?? "never")")
        let states = probe.all.compactMap { item -> String? in
            if case let .status(status) = item.event { return status.description }
            return nil
        }
        report.check("0 says it once", states.filter { $0.hasPrefix("no sequencer") }.count == 1,
                     "status changes: \(states)")
        probe.stop()
        let ended = waitUntil(.seconds(10)) { probe.streamFinished }
        report.check("0 stops cleanly", ended != nil, "event stream finished after cancel")
    }

    /// 1. Keyboard present at start: raw bytes written to the virmidi device arrive in order.
    func presentAtStart(_ main: Collector) {
        let connected = waitUntil(.seconds(10)) { main.input.status.keyboards.contains { $0.clientName == virmidiClient } }
        report.check("1 connected at start", connected != nil, "\(main.input.status)")
        let names = Set(main.input.status.keyboards.map(\.clientName))
        report.check("1 skips Midi Through, System and itself",
                     names.isDisjoint(with: ["Midi Through", "System", "eartrainer"]), "connected: \(names.sorted())")
        guard let device = RawMIDIDevice(path: virmidiPath) else {
            report.check("1 open \(virmidiPath)", false, "open failed, errno \(errno)")
            return
        }
        let mark = main.mark
        // Note on C4 vel 100 ch1; note off C4 vel 64; running status: note on E4 vel 127; then ch2
        // note on G4, ch16 sustain pedal down and up, ch2 note off G4.
        device.write([0x90, 60, 100, 0x80, 60, 64, 0x90, 64, 127, 0x91, 67, 1, 0xBF, 64, 127, 0xBF, 64, 0, 0x81, 67, 0])
        let expected: [MIDIMessage] = [
            .noteOn(channel: MIDIChannel(0), note: MIDINote(60), velocity: 100),
            .noteOff(channel: MIDIChannel(0), note: MIDINote(60), velocity: 64),
            .noteOn(channel: MIDIChannel(0), note: MIDINote(64), velocity: 127),
            .noteOn(channel: MIDIChannel(1), note: MIDINote(67), velocity: 1),
            .controlChange(channel: MIDIChannel(15), controller: 64, value: 127),
            .controlChange(channel: MIDIChannel(15), controller: 64, value: 0),
            .noteOff(channel: MIDIChannel(1), note: MIDINote(67), velocity: 0),
        ]
        _ = waitUntil(.seconds(10)) { main.messages(after: mark).count >= expected.count }
        let got = main.messages(after: mark).map(\.message)
        report.check("1 bytes arrive in order", got == expected, "got \(got.map(\.description))")
    }

    /// 5. A note-on with velocity 0 is delivered as a note-off.
    func velocityZero(_ main: Collector) {
        guard let device = RawMIDIDevice(path: virmidiPath) else {
            report.check("5 open \(virmidiPath)", false, "open failed")
            return
        }
        let mark = main.mark
        device.write([0x92, 72, 90, 0x92, 72, 0])
        let expected: [MIDIMessage] = [
            .noteOn(channel: MIDIChannel(2), note: MIDINote(72), velocity: 90),
            .noteOff(channel: MIDIChannel(2), note: MIDINote(72), velocity: 0),
        ]
        _ = waitUntil(.seconds(10)) { main.messages(after: mark).count >= 2 }
        let got = main.messages(after: mark).map(\.message)
        report.check("5 velocity 0 is note-off", got == expected, "got \(got.map(\.description))")
    }

    /// 2. A source started after the input is connected within 1 s, and its notes arrive.
    func pluggedInLater(_ main: Collector) -> FakeKeyboardProcess? {
        guard let keyboard = FakeKeyboardProcess(name: "Fake Keyboard"), let address = keyboard.address else {
            report.check("2 start fake keyboard", false, "fake-keyboard did not start")
            return nil
        }
        let connected = waitUntil(.seconds(3)) { main.input.status.keyboards.contains { $0.address == address } }
        report.check("2 connected within 1 s", (connected ?? .seconds(9)) < .seconds(1),
                     "\(address) connected after \(connected.map { "\($0)" } ?? "never")")
        let mark = main.mark
        keyboard.send("on 4 62 90")
        keyboard.send("cc 4 64 127")
        keyboard.send("off 4 62 0")
        let expected: [MIDIMessage] = [
            .noteOn(channel: MIDIChannel(4), note: MIDINote(62), velocity: 90),
            .controlChange(channel: MIDIChannel(4), controller: 64, value: 127),
            .noteOff(channel: MIDIChannel(4), note: MIDINote(62), velocity: 0),
        ]
        _ = waitUntil(.seconds(10)) { main.messages(after: mark).count >= expected.count }
        let got = main.messages(after: mark).map(\.message)
        report.check("2 its notes arrive", got == expected, "got \(got.map(\.description))")
        return keyboard
    }

    /// 3. Unplug and re-plug, seen by an input restricted to the fake keyboard by name.
    func unplugAndReplug(_ main: Collector, keyboard: FakeKeyboardProcess) {
        var configuration = fast
        configuration.keyboards = [KeyboardPattern(parsing: "Fake Keyboard")]
        let only = Collector(configuration, label: "filtered")
        let first = waitUntil(.seconds(10)) { !only.input.status.keyboards.isEmpty }
        let names = only.input.status.keyboards.map(\.clientName)
        report.check("3 filter by name", first != nil && names == ["Fake Keyboard"], "\(only.input.status)")

        let mark = only.mark
        keyboard.send("on 0 65 80")
        _ = waitUntil(.seconds(10)) { !only.messages(after: mark).isEmpty }
        keyboard.stop(kill: true)
        let gone = waitUntil(.seconds(10)) { only.input.status.keyboards.isEmpty }
        report.check("3 unplugged: no keyboard", gone != nil && only.input.status.description == "no keyboard",
                     "status \(only.input.status) after \(gone.map { "\($0)" } ?? "never")")
        let released = only.messages(after: mark).map(\.message)
        report.check("3 held note released", released.last == .noteOff(channel: MIDIChannel(0), note: MIDINote(65), velocity: 0),
                     "got \(released.map(\.description))")

        guard let again = FakeKeyboardProcess(name: "Fake Keyboard"), let address = again.address else {
            report.check("3 re-plug", false, "fake-keyboard did not restart")
            only.stop()
            return
        }
        let back = waitUntil(.seconds(3)) { only.input.status.keyboards.contains { $0.address == address } }
        report.check("3 re-plugged within 1 s", (back ?? .seconds(9)) < .seconds(1),
                     "\(address) after \(back.map { "\($0)" } ?? "never")")
        let mark2 = only.mark
        again.send("on 0 66 70")
        _ = waitUntil(.seconds(10)) { !only.messages(after: mark2).isEmpty }
        let got = only.messages(after: mark2).map(\.message)
        report.check("3 input resumes", got == [.noteOn(channel: MIDIChannel(0), note: MIDINote(66), velocity: 70)],
                     "got \(got.map(\.description))")
        again.send("off 0 66 0")
        again.stop(kill: false)
        let goneAgain = waitUntil(.seconds(10)) { only.input.status.keyboards.isEmpty }
        report.check("3 clean exit: no keyboard", goneAgain != nil, "\(only.input.status)")
        only.stop()
    }

    /// 4. Flood: 20,000 events in under a second; no crash, overruns counted, input works after.
    func flood(_ main: Collector) {
        guard let keyboard = FakeKeyboardProcess(name: "Flood Keyboard"), let address = keyboard.address else {
            report.check("4 start fake keyboard", false, "fake-keyboard did not start")
            return
        }
        _ = waitUntil(.seconds(10)) { main.input.status.keyboards.contains { $0.address == address } }
        let mark = main.mark
        let overrunsBefore = main.input.overruns
        let start = ContinuousClock.now
        let sent = keyboard.send("flood 20000")
        let took = ContinuousClock.now - start
        report.check("4 20000 events sent in under 1 s", sent && took < .seconds(1), "took \(took)")
        var last = -1
        _ = waitUntil(.seconds(10)) {
            let count = main.mark
            defer { last = count }
            usleep(300_000)
            return count == last
        }
        let notes = main.messages(after: mark).count
        let overruns = main.input.overruns - overrunsBefore
        report.note("flood: \(notes) messages delivered (including released notes), \(overruns) overruns")
        let clients = (try? String(contentsOfFile: "/proc/asound/seq/clients", encoding: .utf8)) ?? ""
        let ours = clients.components(separatedBy: "\nClient").first { $0.contains("\"eartrainer\"") } ?? "?"
        report.note("/proc/asound/seq/clients, our client after the flood:\nClient\(ours)")
        report.check("4 every event delivered or the loss counted", notes >= 20000 || overruns > 0,
                     "\(notes) messages, \(overruns) overruns")
        let reported = main.all.dropFirst(mark).contains {
            if case .overrun = $0.event { return true }
            return false
        }
        report.check("4 overruns reported on the stream", reported == (overruns > 0),
                     "overrun events seen: \(reported), overruns counted: \(overruns)")
        let after = main.mark
        keyboard.send("on 1 70 99")
        _ = waitUntil(.seconds(10)) { !main.messages(after: after).isEmpty }
        let got = main.messages(after: after).map(\.message)
        report.check("4 input works after the flood",
                     got == [.noteOn(channel: MIDIChannel(1), note: MIDINote(70), velocity: 99)],
                     "got \(got.map(\.description)); status \(main.input.status)")
        keyboard.send("off 1 70 0")
        keyboard.stop(kill: false)
    }

    /// 6. A connection made by someone else (aconnect) is honoured.
    func aconnectHonoured() {
        var configuration = fast
        configuration.keyboards = [KeyboardPattern(parsing: "No Such Keyboard")]
        let only = Collector(configuration, label: "aconnect")
        _ = waitUntil(.seconds(10)) { only.input.status.keyboards.isEmpty && only.input.status != .starting }
        let client = only.input.inputAddress.map { "\($0)" } ?? "?"
        let connect = shell(["aconnect", "\(virmidiClient):0", client])
        let seen = waitUntil(.seconds(5)) { only.input.status.keyboards.contains { $0.clientName == virmidiClient } }
        report.check("6 aconnect honoured", connect.status == 0 && seen != nil,
                     "aconnect exit \(connect.status) \(connect.output); status \(only.input.status)")
        let mark = only.mark
        RawMIDIDevice(path: virmidiPath)?.write([0x90, 48, 33])
        _ = waitUntil(.seconds(10)) { !only.messages(after: mark).isEmpty }
        let got = only.messages(after: mark).map(\.message)
        report.check("6 its notes arrive", got == [.noteOn(channel: MIDIChannel(0), note: MIDINote(48), velocity: 33)],
                     "got \(got.map(\.description))")
        RawMIDIDevice(path: virmidiPath)?.write([0x80, 48, 0])
        only.stop()
    }

    /// 7. The kernel's own keyboard client goes away and comes back: the virmidi card is unbound
    /// from its driver and bound again through sysfs, which disconnects the card as a USB
    /// keyboard's unplug does (`rmmod` is refused while anyone is subscribed to its ports).
    func kernelUnplug(_ main: Collector) {
        let driver = "/sys/bus/platform/drivers/snd_virmidi"
        let unbind = shell(["timeout", "20", "sh", "-c", "echo snd_virmidi.0 > \(driver)/unbind"])
        let gone = waitUntil(.seconds(10)) { main.input.status.description == "no keyboard" }
        report.check("7 unplug the virmidi card: no keyboard", unbind.status == 0 && gone != nil,
                     "unbind exit \(unbind.status) \(unbind.output); status \(main.input.status)")
        let bind = shell(["timeout", "20", "sh", "-c", "echo snd_virmidi.0 > \(driver)/bind"])
        let back = waitUntil(.seconds(3)) { main.input.status.keyboards.contains { $0.clientName == virmidiClient } }
        report.check("7 re-plug: connected within 1 s", bind.status == 0 && (back ?? .seconds(9)) < .seconds(1),
                     "bind exit \(bind.status) \(bind.output); after \(back.map { "\($0)" } ?? "never"): \(main.input.status)")
        _ = waitUntil(.seconds(5)) { FileManager.default.fileExists(atPath: virmidiPath) }
        let mark = main.mark
        RawMIDIDevice(path: virmidiPath)?.write([0x90, 59, 77, 0x80, 59, 0])
        _ = waitUntil(.seconds(10)) { main.messages(after: mark).count >= 2 }
        let got = main.messages(after: mark).map(\.message)
        report.check("7 input resumes", got == [
            .noteOn(channel: MIDIChannel(0), note: MIDINote(59), velocity: 77),
            .noteOff(channel: MIDIChannel(0), note: MIDINote(59), velocity: 0),
        ], "got \(got.map(\.description))")
    }
}
