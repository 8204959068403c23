import Foundation
import SoundInput

/// Runs the daemon's listening input over a WAV file as fast as it reads (`NoPace`: the stream's
/// time stands for the clock), or `live`, at the pace a capture would hand it on (`LivePace`, the
/// machine's clock), and prints each note as it is judged, a JSON line each: its onset in the
/// stream, the seconds from it to the judgement (the daemon's `listen_to_judgement`), and the
/// pitch judged.
enum Judging {
    static func run(wav path: String, live: Bool) throws {
        let pace: any InputPace = live ? LivePace() : NoPace()
        let source = CountingSource(try WAVStreamReader(path: path, pace: pace))
        var out = ""
        ListeningInput(source).run { event in
            guard case .noteHeard(let hertz, let onset) = event else { return }
            let waited = onset.duration(to: .now).seconds
            out += "{\"judged\":{\"onset\":\(source.seconds - waited),\"after\":\(waited),\"hz\":\(hertz)}}\n"
        }
        FileHandle.standardOutput.write(Data(out.utf8))
    }
}

/// A sample source that counts the seconds it has handed on: the stream's time as a block is
/// judged.
final class CountingSource: SampleSource, @unchecked Sendable {
    private let inner: any SampleSource
    private var rate = 0
    private var frames = 0

    init(_ inner: any SampleSource) {
        self.inner = inner
    }

    var name: String { inner.name }

    /// The seconds handed on so far (read on the thread that runs it).
    var seconds: Double { rate > 0 ? Double(frames) / Double(rate) : 0 }

    func run(_ handler: (SampleEvent) -> Void) {
        inner.run { event in
            switch event {
            case .started(let format): rate = format.sampleRate
            case .samples(let block): frames += block.count
            default: break
            }
            handler(event)
        }
    }

    func stop() { inner.stop() }
}

extension Duration {
    /// The duration in seconds.
    fileprivate var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
