import Foundation
import ArgumentParser
import ControlProtocol
import MusicTheory
import Training

/// `eartrainctl start KIND …`: any kind of the catalog, its own options and words read by its
/// module (`ExerciseModule.commandLine`), the shared ones here.
struct StartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Start a session.",
        discussion: ExerciseCatalog.all.map { "\($0.kind):\n\($0.commandLine.help)" }.joined(separator: "\n\n"))

    @Argument(help: "What to train: \(ExerciseKind.names.joined(separator: ", ")).", transform: ExerciseKind.init(choosing:))
    var kind: ExerciseKind
    @Argument(parsing: .allUnrecognized, help: "The kind's own words and options (each kind's are listed above).")
    var arguments: [String] = []
    @OptionGroup var session: SessionOptions
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        _ = try exerciseParams()
    }

    /// The kind's own params, as its module reads the words and options; a refusal exits 64.
    func exerciseParams() throws -> ExerciseParams {
        do {
            // A score's path is the daemon's to read: a relative one is made absolute from here.
            let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            return try ExerciseCatalog.module(named: kind.rawValue)!.commandLine.params(from: arguments) { path in
                URL(fileURLWithPath: path, relativeTo: here).standardizedFileURL.path
            }
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() async throws {
        var params = SessionStartParams(kind: kind, exercise: try exerciseParams())
        session.apply(to: &params)
        try await StartCommand.start(params, connection: connection)
    }
}

/// Options every kind of session shares.
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

extension StartCommand {
    static func start(_ params: SessionStartParams, connection: ConnectionOptions) async throws {
        let result = try await connection.call(Method.sessionStart.rawValue, params: Wire.value(params))
        if connection.json {
            print(Wire.encode(result))
        } else {
            let started = try Wire.decode(SessionStartResult.self, from: result)
            print(StatusText.sessionLines(started.session).joined(separator: "\n"))
        }
    }
}
