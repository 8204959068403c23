// The hub as its own executable (`swift run eartrainer-hub`, the tests); the package installs the
// all-in-one binary under this name instead. The program is `EartrainerHub` in EartrainerHubCommand.
import EartrainerHubCommand

@main
enum EartrainerHubMain {
    static func main() async {
        await EartrainerHub.main()
    }
}
