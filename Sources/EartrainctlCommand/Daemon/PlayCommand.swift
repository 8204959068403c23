import ArgumentParser
import ControlProtocol

/// `eartrainctl play D3 E3 F3`, `eartrainctl play C3+E3+G3`: the virtual keyboard. Prints how each
/// note was judged.
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play", abstract: "Play notes as if on the keyboard (names such as D3 or MIDI numbers; C3+E3+G3 holds keys together; C3@0.5 plays at 0.5 s; C3@0.5+0.25 holds it 0.25 s).")

    @Argument(help: "Notes, e.g. D3 E3 F3 or 50 52 53; keys held together joined with +, e.g. C3+E3+G3; with onsets in seconds from the start, e.g. C3@0 C3@0.5 C3@0.75 (every note or none), each optionally held for seconds after +, e.g. C3@0+0.4 (default: released at once).") var notes: [String]
    @Option(help: "Velocity 1-127.") var velocity: Int?
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let link = try await connection.connect()
        // Subscribe first: the daemon judges the notes before it answers, so every judgement
        // arrives ahead of the reply.
        _ = try await ConnectionOptions.call(link, Method.subscribe.rawValue, params: Wire.value(SubscribeParams(topics: [.answer, .prompt, .session])))
        var events: [JSONValue] = []
        let params = NotesPlayParams(notes: notes.map { .string($0) }, velocity: velocity)
        let result = try await ConnectionOptions.call(link, Method.notesPlay.rawValue, params: Wire.value(params)) { notification in
            if notification.method == "event" { events.append(notification.params) }
        }
        if connection.json {
            print(Wire.encode(JSONValue.object(["result": result, "events": .array(events)])))
        } else if events.isEmpty {
            // A running session may take a key as no answer (a `compare` question's reference).
            let status = try? await ConnectionOptions.call(link, Method.status.rawValue, params: nil)
            let running = status.map { $0["session"] != nil && $0["session"] != .null } ?? false
            let played = try Wire.decode(NotesPlayResult.self, from: result).played.joined(separator: " ")
            print("played \(played) " + (running ? "(nothing judged: no answer to this question)" : "(no session running)"))
        } else {
            for event in events { print(event["text"]?.stringValue ?? "") }
            if try Wire.decode(NotesPlayResult.self, from: result).recorded == false {
                printError("eartrainctl: these answers are not in the statistics yet (eartrainctl status says why)")
            }
        }
    }
}
