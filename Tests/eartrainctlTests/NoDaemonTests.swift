import Foundation
import Testing

/// What the client says when there is nothing to talk to, and the completions it generates.
@Suite("eartrainctl without a daemon")
struct NoDaemonTests {
    let ctl = ExecutableRunner(product: "eartrainctl")

    @Test("every daemon command says clearly that no daemon answers, and exits 69", arguments: [
        ["status"], ["start", "scale", "--mode", "dorian", "--root", "D"], ["stop"], ["repeat"], ["skip"],
        ["play", "D3"], ["results"], ["stats"], ["export"],
    ])
    func noDaemon(arguments: [String]) throws {
        let path = "/tmp/eartrainer-no-daemon-\(getpid())/eartrainer.sock"
        let result = try ctl.run(arguments + ["--socket", path])
        #expect(result.status == 69)
        #expect(result.stderr.contains("no daemon"))
        #expect(result.stderr.contains(path))
        #expect(result.stderr.contains("is eartrainer.service running?"))
    }

    @Test("shell completions are generated for bash, zsh and fish", arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) throws {
        let result = try ctl.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        #expect(result.stdout.contains("eartrainctl"))
        #expect(result.stdout.contains("theory"))
    }
}
