import Foundation
import Scores

// The melody library's cost at start: reading the text in the binary (what the daemon does once,
// at the first dictation from the library), beside its peer, the same chorales read as the
// compressed MusicXML files music21's corpus holds them in. Build in release:
// `make bench-library` (docs/benchmarks.md keeps the figures).
let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: LibraryBenchmark MUSIC21_CORPUS_FOLDER\n".utf8))
    exit(64)
}
let corpus = URL(fileURLWithPath: arguments[1]).appendingPathComponent("bach")

func median(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    return times.sorted()[runs / 2]
}

let library = try MelodyLibrary.readShipped()
let chorales = library.melodies.filter { $0.collection == "chorale" }
let files = chorales.compactMap { melody -> String? in
    let name = melody.id.replacingOccurrences(of: "chorale-", with: "")
    return ["mxl", "xml"].map { corpus.appendingPathComponent("\(name).\($0)").path }.first { FileManager.default.fileExists(atPath: $0) }
}
let fileBytes = files.compactMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }.reduce(0, +)

let text = try median(21) { _ = try MelodyLibrary.readShipped() }
let musicXML = try median(5) { for file in files { _ = try ScoreFile.read(path: file) } }
print("library: \(library.melodies.count) melodies, \(MelodyLibrary.shippedBytes) bytes of text; read in \(String(format: "%.1f", text)) ms (median of 21)")
print("peer: its \(files.count) chorales as MusicXML files, \(fileBytes) bytes; read in \(String(format: "%.1f", musicXML)) ms (median of 5)")
print("ratio: the whole library's text reads \(String(format: "%.1f", musicXML / text)) times faster than half of it as MusicXML")
