import Testing
@testable import ALSASequencer

@Suite("Which ports are keyboards")
struct KeyboardSelectionTests {
    static let readable: PortCapabilities = [.read, .subscribeRead, .write, .subscribeWrite]

    static func port(
        _ client: Int, _ port: Int = 0, client name: String, port portName: String = "MIDI 1",
        capabilities: PortCapabilities = readable, type: PortType = [.midiGeneric, .hardware, .port]
    ) -> PortInfo {
        PortInfo(address: PortAddress(client: client, port: port), clientName: name, portName: portName,
                 capabilities: capabilities, type: type)
    }

    // What `aconnect -l` shows on a machine with a USB keyboard, plus the odd ones out.
    static let usbKeyboard = port(24, client: "Digital Piano", port: "Digital Piano MIDI 1")
    static let softSynthIn = port(128, client: "FLUID Synth", port: "Synth input port",
                                  capabilities: [.write, .subscribeWrite], type: [.midiGeneric, .software, .application])
    static let vmpk = port(129, client: "VMPK Output", port: "out", type: [.midiGeneric, .application])
    static let ourOwn = port(130, client: "eartrainer", port: "input", type: [.midiGeneric, .application])
    static let timer = port(0, 0, client: "System", port: "Timer", type: [])
    static let announce = port(0, 1, client: "System", port: "Announce", capabilities: [.read], type: [])
    static let through = port(14, client: "Midi Through", port: "Midi Through Port-0",
                              type: [.midiGeneric, .software, .port])
    static let hidden = port(131, client: "Sneaky", capabilities: readable.union(.noExport))
    static let notMIDI = port(132, client: "Some Tool", type: [.application])
    static let readNoSubscribe = port(133, client: "Half Open", capabilities: [.read])

    let selection = KeyboardSelection(ownClient: 130)

    @Test("rejects each kind of port that is not a keyboard, for the right reason", arguments: [
        (ourOwn, KeyboardSelection.Rejection.ownClient),
        (timer, .system), (announce, .system),
        (through, .midiThrough),
        (hidden, .noExport),
        (softSynthIn, .notReadable), (readNoSubscribe, .notReadable),
        (notMIDI, .notMIDI),
    ])
    func rejects(port: PortInfo, reason: KeyboardSelection.Rejection) {
        #expect(selection.rejection(of: port) == reason)
    }

    @Test("accepts hardware and software keyboards", arguments: [usbKeyboard, vmpk])
    func accepts(port: PortInfo) {
        #expect(selection.rejection(of: port) == nil)
    }

    @Test("chooses the keyboards among all ports, hardware first")
    func choosesHardwareFirst() {
        let second = Self.port(28, client: "Pedal Board", type: [.midiGeneric, .hardware, .port])
        let all = [Self.vmpk, Self.timer, Self.announce, Self.through, Self.ourOwn, second, Self.usbKeyboard,
                   Self.softSynthIn, Self.hidden]
        #expect(selection.keyboards(among: all) == [Self.usbKeyboard, second, Self.vmpk])
    }

    @Test("a name or address in the configuration restricts the choice", arguments: [
        ("Digital Piano", [24]), ("digital piano midi", [24]), ("24:0", [24]), ("vmpk", [129]),
        ("129:0", [129]), ("129:1", []), ("Midi Through", []), ("eartrainer", []),
    ])
    func restricts(pattern: String, clients: [Int]) {
        let restricted = KeyboardSelection(ownClient: 130, patterns: [KeyboardPattern(parsing: pattern)])
        let all = [Self.usbKeyboard, Self.vmpk, Self.through, Self.ourOwn]
        #expect(restricted.keyboards(among: all).map(\.address.client) == clients)
    }

    @Test("several patterns choose the ports that match any of them")
    func severalPatterns() {
        let restricted = KeyboardSelection(ownClient: 130, patterns: [.name("VMPK"), .address(Self.usbKeyboard.address)])
        #expect(restricted.keyboards(among: [Self.vmpk, Self.usbKeyboard]) == [Self.usbKeyboard, Self.vmpk])
    }
}

@Suite("Addresses and patterns are parsed from the configuration")
struct KeyboardPatternTests {
    @Test("client:port is an address", arguments: [("20:0", 20, 0), ("128:3", 128, 3), ("0:1", 0, 1)])
    func address(text: String, client: Int, port: Int) {
        #expect(KeyboardPattern(parsing: text) == .address(PortAddress(client: client, port: port)))
    }

    @Test("anything else is a name", arguments: ["Digital Piano", "20", "20:", ":0", "20:0:1", "300:0", "a:b", ""])
    func name(text: String) {
        #expect(KeyboardPattern(parsing: text) == .name(text))
    }
}

@Suite("Small conversions")
struct ConversionTests {
    @Test("MIDI channels outside 0…15 are refused", arguments: [-1, 16, 200])
    func badChannel(raw: Int) {
        #expect(MIDIChannel(validating: raw) == nil)
    }

    @Test("the status reads \"no keyboard\" when nothing is connected")
    func noKeyboard() {
        #expect(InputStatus.listening(keyboards: []).description == "no keyboard")
        #expect(ALSAError(function: "snd_seq_open", code: -2).description == "snd_seq_open failed: -2 (No such file or directory)")
    }
}
