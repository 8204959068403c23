import ArgumentParser

/// The eartrainer daemon: turns a MIDI keyboard into an ear-training instrument.
@main
struct Eartrainerd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eartrainerd",
        abstract: "The eartrainer daemon: turns a MIDI keyboard into an ear-training instrument.",
        subcommands: [Run.self, Render.self, CheckConfig.self],
        defaultSubcommand: Run.self
    )
}
