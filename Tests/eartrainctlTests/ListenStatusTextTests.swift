import ControlProtocol
import Testing
@testable import EartrainctlCommand

/// `eartrainctl status`'s listening line: what it hears, how loud, how many notes and how late;
/// or why it does not listen.
@Suite struct ListenStatusTextTests {
    @Test("listening: the format, the level, the notes and their lateness, the claps, what was left out, the overruns")
    func listening() {
        let listen = ListenStatus(driver: "file", device: "/run/eartrainer/listen.wav", listening: true,
                                  format: "48000 Hz, 1 channel, 16-bit", levelDB: -23.46, notesHeard: 8, tapsHeard: 4, ownSound: 2,
                                  overruns: 1, listenToJudgement: 95.2)
        #expect(StatusText.listenLine(listen)
            == "file /run/eartrainer/listen.wav, hearing 48000 Hz, 1 channel, 16-bit, -23.5 dB, 8 notes (onset to judgement 95 ms), 4 claps, 2 left out as its own sound, 1 overrun (samples lost)")
    }

    @Test("not listening: why")
    func notListening() {
        let listen = ListenStatus(driver: "file", device: "/tmp/x.wav", problem: "/tmp/x.wav cannot be opened: No such file or directory")
        #expect(StatusText.listenLine(listen) == "file /tmp/x.wav, not listening (/tmp/x.wav cannot be opened: No such file or directory)")
    }
}
