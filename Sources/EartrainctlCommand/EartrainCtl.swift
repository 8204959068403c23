import ArgumentParser

/// `eartrainctl`: queries and drives the eartrainer daemon, and answers music-theory questions
/// offline. Its `main()` is the program `eartrainctl`, run by the executable of that name and by
/// the all-in-one binary.
public struct EartrainCtl: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "eartrainctl",
        abstract: "Ear training with a real instrument: query the daemon, or ask music theory offline.",
        discussion: """
            ENVIRONMENT: EARTRAINER_SOCKET names the daemon's control socket (as --socket). ETCTL_TIMEOUT is \
            the seconds to wait for each answer of the daemon (as --timeout; 0 waits forever; 10 when unset).

            EXIT STATUS: 0 done; 1 the daemon refused the request (no session, bad params); 64 the command \
            line was wrong; 69 no daemon answers at the socket; 73 an output file could not be written; \
            75 the daemon did not answer within the timeout; 76 the daemon closed the connection or sent \
            something unreadable; 77 control is for the daemon's user, root or its control group.
            """,
        subcommands: [
            StatusCommand.self, DevicesCommand.self, StartCommand.self, StopCommand.self, RepeatCommand.self, SkipCommand.self,
            PlayCommand.self, BendCommand.self, ListenCommand.self, ResultsCommand.self, PlanCommand.self, StaffCommand.self, WatchCommand.self, StatsCommand.self,
            ExportCommand.self, SetCommand.self, ConfigCommand.self, KeysCommand.self, WebPairCommand.self, ClassCommand.self, TheoryCommand.self,
        ]
    )

    public init() {}
}
