import ArgumentParser

/// `eartrainctl`: queries and drives the eartrainer daemon, and answers music-theory questions
/// offline. Its `main()` is the program `eartrainctl`, run by the executable of that name and by
/// the all-in-one binary.
public struct EartrainCtl: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "eartrainctl",
        abstract: "Ear training with a real instrument: query the daemon, or ask music theory offline.",
        subcommands: [
            StatusCommand.self, DevicesCommand.self, StartCommand.self, StopCommand.self, RepeatCommand.self, SkipCommand.self,
            PlayCommand.self, BendCommand.self, ResultsCommand.self, StaffCommand.self, WatchCommand.self, StatsCommand.self,
            ExportCommand.self, SetCommand.self, ConfigCommand.self, KeysCommand.self, WebPairCommand.self, TheoryCommand.self,
        ]
    )

    public init() {}
}
