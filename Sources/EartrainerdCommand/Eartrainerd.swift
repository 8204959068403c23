import ArgumentParser

/// The eartrainer daemon: turns a MIDI keyboard into an ear-training instrument. Its `main()` is
/// the program `eartrainerd`, run by the executable of that name and by the all-in-one binary.
public struct Eartrainerd: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "eartrainerd",
        abstract: "The eartrainer daemon: turns a MIDI keyboard into an ear-training instrument.",
        subcommands: [Run.self, Render.self, CheckConfig.self],
        defaultSubcommand: Run.self
    )

    public init() {}
}
