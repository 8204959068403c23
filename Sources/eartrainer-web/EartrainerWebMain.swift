// The web view as its own executable (`swift run eartrainer-web`, the tests); the package installs
// the all-in-one binary under this name instead. The program is `EartrainerWeb` in
// EartrainerWebCommand.
import EartrainerWebCommand

@main
enum EartrainerWebMain {
    static func main() async {
        await EartrainerWeb.main()
    }
}
