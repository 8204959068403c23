// One executable that is all four programs, chosen by the name it is run as (a multi-call binary,
// as BusyBox is): the package installs it once, as /usr/bin/eartrainerd, with eartrainctl,
// eartrainer-web and eartrainer-hub as symbolic links to it, so the Swift runtime, Foundation and its ICU data are
// carried once instead of three times (docs/systemd.md, "The package"). Run under another name,
// its first argument names the program: `eartrainer-all-in-one eartrainctl status`.
import EartrainctlCommand
import EartrainerHubCommand
import EartrainerWebCommand
import EartrainerdCommand
import Glibc

/// The programs this binary holds, by the name each is installed as.
enum Program: String, CaseIterable {
    case eartrainerd
    case eartrainctl
    case eartrainerWeb = "eartrainer-web"
    case eartrainerHub = "eartrainer-hub"

    /// Runs the program with its arguments (the name it was run as left out); exits when it ends.
    func main(_ arguments: [String]) async {
        switch self {
        case .eartrainerd: await Eartrainerd.main(arguments)
        case .eartrainctl: await EartrainCtl.main(arguments)
        case .eartrainerWeb: await EartrainerWeb.main(arguments)
        case .eartrainerHub: await EartrainerHub.main(arguments)
        }
    }
}

let arguments = CommandLine.arguments
let runAs = arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
if let program = Program(rawValue: runAs) {
    await program.main(Array(arguments.dropFirst()))
} else if arguments.count > 1, let program = Program(rawValue: arguments[1]) {
    await program.main(Array(arguments.dropFirst(2)))
} else {
    let names = Program.allCases.map(\.rawValue).joined(separator: ", ")
    let message = "\(runAs): run me as one of \(names) (a link to me of that name), or name one first: \(runAs) eartrainctl --help\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(64)
}
