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
    func noDaemon(arguments: [String]) async throws {
        let path = "/tmp/eartrainer-no-daemon-\(getpid())/eartrainer.sock"
        let result = try await ctl.run(arguments + ["--socket", path])
        #expect(result.status == 69)
        #expect(result.stderr.contains("no daemon"))
        #expect(result.stderr.contains(path))
        #expect(result.stderr.contains("is eartrainer.service running?"))
    }

    @Test("start scale takes a mode and a root as words, in either order, and refuses what is neither or one too many",
          arguments: [
              (["dorian", "D"], nil), (["Eb3", "lydian"], nil), (["minor"], nil), (["60"], nil),
              (["dorain", "D"], "'dorain' is neither a mode"), (["dorian", "lydian"], "two modes: 'dorian' and 'lydian'"),
              (["D", "E"], "two roots: 'D' and 'E'"), (["dorian", "--mode", "lydian"], "two modes"),
          ] as [([String], String?)])
    func scaleWords(words: [String], refusal: String?) async throws {
        // No daemon: words that parse get as far as the connection (69); the others are refused first (64).
        let path = "/tmp/eartrainer-no-daemon-\(getpid())/eartrainer.sock"
        let result = try await ctl.run(["start", "scale"] + words + ["--socket", path])
        if let refusal {
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.contains(refusal), "\(result)")
        } else {
            #expect(result.status == 69, "\(result)")
        }
    }

    @Test("--tuning takes the tuning systems' names and refuses anything else with them, before connecting",
          arguments: [("just", nil), ("ET", nil), ("meantone", "'meantone' is not one of 'equal', 'just', 'pythagorean'")]
              as [(String, String?)])
    func tuning(name: String, refusal: String?) async throws {
        let path = "/tmp/eartrainer-no-daemon-\(getpid())/eartrainer.sock"
        let result = try await ctl.run(["start", "interval", "--tuning", name, "--socket", path])
        if let refusal {
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.contains(refusal), "\(result)")
        } else {
            #expect(result.status == 69, "\(result)")
        }
    }

    @Test("shell completions are generated for bash, zsh and fish", arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) async throws {
        let result = try await ctl.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        #expect(result.stdout.contains("eartrainctl"))
        #expect(result.stdout.contains("theory"))
    }
}
