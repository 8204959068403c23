import ArgumentParser
import ControlProtocol
import MusicTheory
import Training

/// `eartrainctl start scale|interval …`
struct StartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Start a session.", subcommands: [StartScale.self, StartInterval.self])
}

/// Options both kinds of session share.
struct SessionOptions: ParsableArguments {
    @Option(help: "Tuning: equal, just or pythagorean.", transform: TuningSystem.init(choosing:)) var tuning: TuningSystem?
    @Option(help: "A4 in Hz, 380-500.") var reference: Double?
    @Option(help: "Seed for every random choice, to replay a session.") var seed: UInt64?
    @Flag(help: "Require the exact octave, not just the pitch class.") var strict = false
    @Option(help: "The student whose answers these are (default: the daemon's profile).") var profile: String?

    func apply(to params: inout SessionStartParams) {
        params.profile = profile
        params.tuning = tuning
        params.reference = reference
        params.seed = seed
        params.set("strict", strict ? .bool(true) : nil)
    }
}

struct StartScale: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scale", abstract: "Play a mode from a root, note by note, to the octave.")

    @Argument(help: "A mode and a root, in either order, as a musician says them: `dorian D`, `Eb3 lydian`.")
    var modeAndRoot: [String] = []
    @Option(help: "ionian, dorian, phrygian, lydian, mixolydian, aeolian or locrian.") var mode: String?
    @Option(help: "The root: D, C#/Db, Eb3 or a MIDI number.") var root: String?
    @Flag(help: "A new random root each round.") var randomRoot = false
    @Flag(help: "A new random mode each round.") var randomMode = false
    @OptionGroup var session: SessionOptions
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        _ = try words()
    }

    /// The mode and root from the words and the options; a word is a mode when it names one,
    /// a root when it parses as one, and anything else (or a second of either) is refused here.
    func words() throws -> (mode: String?, root: String?) {
        var (mode, root) = (mode, root)
        for word in modeAndRoot {
            if (try? Mode(parsing: word)) != nil {
                guard mode == nil else { throw ValidationError("two modes: '\(mode ?? "")' and '\(word)'") }
                mode = word
            } else if (try? RootNote(parsing: word)) != nil {
                guard root == nil else { throw ValidationError("two roots: '\(root ?? "")' and '\(word)'") }
                root = word
            } else {
                throw ValidationError(
                    "'\(word)' is neither a mode (\(Mode.allCases.map(\.name).joined(separator: ", ")), major, minor) "
                        + "nor a root (D, C#/Db, Eb3 or a MIDI number)")
            }
        }
        return (mode, root)
    }

    func run() throws {
        var params = SessionStartParams(kind: .scale)
        let (mode, root) = try words()
        params.set("mode", mode.map(JSONValue.string))
        params.set("root", root.map(JSONValue.string))
        params.set("random_root", randomRoot ? .bool(true) : nil)
        params.set("random_mode", randomMode ? .bool(true) : nil)
        session.apply(to: &params)
        try StartCommand.start(params, connection: connection)
    }
}

struct StartInterval: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "interval", abstract: "Play the note an interval away from a sounded root.")

    @Option(help: "The root (default: random roots within the note range).") var root: String?
    @Option(help: "Comma-separated intervals, e.g. m3,P5 (default: the eleven within the octave, m2 to M7).") var intervals: String?
    @Flag(help: "Add P8 m9 M9 P11 A11 m13 M13.") var extended = false
    @Flag(help: "Intervals below the root.") var descending = false
    @Option(help: "Wrong tries before the answer is shown.") var tries: Int?
    @Flag(help: "Ask every interval equally often.") var noAdaptive = false
    @Flag(help: "Do not sound the root then the answer after a right answer.") var noEcho = false
    @OptionGroup var session: SessionOptions
    @OptionGroup var connection: ConnectionOptions

    func run() throws {
        var params = SessionStartParams(kind: .interval)
        params.set("root", root.map(JSONValue.string))
        params.set("intervals", intervals.map { text in
            .array(text.split(separator: ",").map { .string(String($0).trimmingCharacters(in: .whitespaces)) })
        })
        params.set("extended", extended ? .bool(true) : nil)
        params.set("direction", descending ? .string(IntervalDirection.descending.rawValue) : nil)
        params.set("tries", tries.map { .number(Double($0)) })
        params.set("adaptive", noAdaptive ? .bool(false) : nil)
        params.set("echo_answer", noEcho ? .bool(false) : nil)
        session.apply(to: &params)
        try StartCommand.start(params, connection: connection)
    }
}

extension StartCommand {
    static func start(_ params: SessionStartParams, connection: ConnectionOptions) throws {
        let result = try connection.call(Method.sessionStart.rawValue, params: Wire.value(params))
        if connection.json {
            print(Wire.encode(result))
        } else {
            let session = try Wire.decode(SessionStatus.self, from: result["session"])
            print(StatusText.sessionLines(session).joined(separator: "\n"))
        }
    }
}
