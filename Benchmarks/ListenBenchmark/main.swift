// The listening benchmark's numeric side; scripts/bench/listen.py (`make bench-listen`) renders
// the notes, runs aubiopitch and reports. Not a test: a release build.
//
//   ListenBenchmark mix IN.raw OUT.wav SPANS RATE [SNR SEED]   stereo float raw to mono WAV, noise added
//   ListenBenchmark reference WAV SPANS                      each span's reference pitch, a line each
//   ListenBenchmark track WAV [--frames]                      the tracker's notes (and frames) as JSON lines
//   ListenBenchmark judge WAV [--live]                        each note as the daemon's listening input judges it
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "mix" where arguments.count == 5 || arguments.count == 7:
        let snr = arguments.count == 7 ? Double(arguments[5]) : nil
        let seed = arguments.count == 7 ? UInt64(arguments[6]) ?? 1 : 1
        try Mixing.run(
            raw: arguments[1], wav: arguments[2], rate: Double(arguments[4]) ?? 48_000,
            spans: try NoteSpan.read(arguments[3]), snr: snr, seed: seed)
    case "reference" where arguments.count == 3:
        let file = try WAVFile(reading: arguments[1])
        let spans = try NoteSpan.read(arguments[2])
        var lines = ""
        for span in spans {
            lines += "\(SpectralReference.measure(file.samples, rate: file.rate, from: span.on + 0.1, to: span.off, nominal: span.nominal))\n"
        }
        FileHandle.standardOutput.write(Data(lines.utf8))
    case "track" where arguments.count >= 2:
        try Tracking.run(wav: arguments[1], frames: arguments.contains("--frames"))
    case "judge" where arguments.count == 2 || (arguments.count == 3 && arguments[2] == "--live"):
        try Judging.run(wav: arguments[1], live: arguments.count == 3)
    default:
        FileHandle.standardError.write(Data("usage: ListenBenchmark mix|reference|track|judge … (see the source)\n".utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("ListenBenchmark: \(error)\n".utf8))
    exit(1)
}
