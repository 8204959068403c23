import ArgumentParser
import ControlProtocol
import Foundation

/// `eartrainctl devices`: the keyboards, the sound device and every sound card, with the one the
/// config's `audio.device` names and the one in use.
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "List the keyboards and sound cards, and which are in use.")

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let (raw, devices) = try await connection.call(Methods.devicesGet, NoParams())
        if connection.json {
            print(Wire.encode(raw))
            return
        }
        print(DevicesText.lines(devices).joined(separator: "\n"))
    }
}

/// The devices as a person reads them.
enum DevicesText {
    static func lines(_ devices: DevicesResult) -> [String] {
        let keyboards = devices.keyboards
        let sound = devices.sound
        var lines = ["keyboards: " + (!keyboards.connected.isEmpty ? keyboards.connected.joined(separator: ", ")
            : keyboards.sequencer ? "none connected" : "no ALSA sequencer (\(keyboards.problem ?? "not open"))")]
        let configured = sound.driver.map { driver in " (audio.driver \(driver), audio.device \"\(sound.device ?? "")\")" } ?? ""
        lines.append("sound: " + (sound.open.map { "playing on \($0)" } ?? "off: \(sound.problem ?? "no device")") + configured)
        guard !sound.cards.isEmpty else {
            lines.append("sound cards: none")
            return lines
        }
        lines.append("sound cards:")
        let idWidth = sound.cards.map(\.id.count).max() ?? 0
        for card in sound.cards {
            let marks = [card.matches ? "audio.device" : nil, card.inUse ? "in use" : nil].compactMap { $0 }
            let id = card.id.padding(toLength: idWidth, withPad: " ", startingAt: 0)
            lines.append("  \(card.index) \(id)  \(card.name)" + (marks.isEmpty ? "" : "  [\(marks.joined(separator: ", "))]"))
            if !card.longName.isEmpty && card.longName != card.name { lines.append("    " + card.longName) }
        }
        return lines
    }
}
