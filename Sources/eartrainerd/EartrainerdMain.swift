// The daemon as its own executable (`swift run eartrainerd`, the tests); the package installs the
// all-in-one binary under this name instead. The program is `Eartrainerd` in EartrainerdCommand.
import EartrainerdCommand

@main
enum EartrainerdMain {
    static func main() async {
        await Eartrainerd.main()
    }
}
