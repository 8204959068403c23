import ArgumentParser

/// The eartrainer daemon. Its run mode comes with the daemon issue; for now it renders prompts.
@main
struct Eartrainerd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eartrainerd",
        abstract: "The eartrainer daemon: turns a MIDI keyboard into an ear-training instrument.",
        subcommands: [Render.self]
    )
}
