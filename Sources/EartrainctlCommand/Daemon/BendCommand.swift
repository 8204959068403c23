import ArgumentParser
import ControlProtocol
import Foundation

/// `eartrainctl bend 410`, `eartrainctl bend -2048`, `eartrainctl bend 0`: the pitch-bend wheel,
/// moved as a keyboard's would be (a held note follows; a `match` answer reads it). Unlike a real
/// wheel it stays where it is put until moved again.
struct BendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bend", abstract: "Move the pitch-bend wheel: -8192 (all the way down) to 8191, 0 centred.")

    // Negative values look like options to the parser: every word is taken as given.
    @Argument(parsing: .allUnrecognized, help: "The wheel's value, -8192 to 8191 (0: centred).") var value: [String] = []
    @OptionGroup var connection: ConnectionOptions

    /// The value given (`bend -- -600` passes the `--` on).
    private var given: [String] { value.filter { $0 != "--" } }

    func validate() throws {
        guard given.count == 1, let number = Int(given[0]) else {
            throw ValidationError("give one whole number -8192 to 8191, such as 410 or -2048")
        }
        guard (-8192...8191).contains(number) else { throw ValidationError("the wheel's value is -8192 to 8191, not \(number)") }
    }

    func run() async throws {
        let link = try await connection.connect()
        let result = try await ConnectionOptions.call(link, Method.notesBend.rawValue, params: Wire.value(NotesBendParams(value: Int(given[0])!)))
        if connection.json {
            print(Wire.encode(result))
        } else {
            let cents = try Wire.decode(NotesBendResult.self, from: result).cents
            print("wheel at \(given[0]) (\(cents >= 0 ? "+" : "")\(String(format: "%.2f", cents)) c)")
        }
    }
}
