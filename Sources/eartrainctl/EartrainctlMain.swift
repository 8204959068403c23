// The client as its own executable (`swift run eartrainctl`, the tests); the package installs the
// all-in-one binary under this name instead. The program is `EartrainCtl` in EartrainctlCommand.
import EartrainctlCommand

@main
enum EartrainctlMain {
    static func main() async {
        await EartrainCtl.main()
    }
}
