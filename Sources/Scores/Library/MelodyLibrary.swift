/// The melodies eartrainer ships (`MelodyLibraryText`, written by scripts/material/build_library.py):
/// public-domain chorale melodies and folk airs, each with its source and licence, each a part of a
/// score that `phrases(bars:)` cuts as it cuts a teacher's.
public struct MelodyLibrary: Sendable {
    public struct Melody: Sendable {
        public let id: String
        /// `chorale` or `folk`.
        public let collection: String
        public let title: String
        public let source: String
        public let licence: String
        public let part: Score.Part
    }

    public let melodies: [Melody]

    /// The library in the binary, read once, at its first use.
    public static let shipped: MelodyLibrary = {
        do { return try readShipped() } catch { fatalError("the shipped melody library: \(error)") }
    }()

    /// The library in the binary, read anew (`shipped` keeps it; the benchmark times this).
    public static func readShipped() throws(ScoreError) -> MelodyLibrary { try MelodyLibrary(text: text) }

    /// The size of its text in the binary, in bytes.
    public static var shippedBytes: Int { text.utf8.count }

    /// The collections, in the order they come.
    public var collections: [String] {
        melodies.map(\.collection).reduce(into: []) { names, name in if !names.contains(name) { names.append(name) } }
    }

    /// Reads the library's text: one melody a line (the format `MelodyLibraryText` says).
    public init(text: String) throws(ScoreError) {
        var melodies: [Melody] = []
        for (index, line) in text.split(separator: "\n").enumerated() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let fault = { (what: String) in ScoreError("the melody library's line \(index + 1): \(what)") }
            guard fields.count == 10 else { throw fault("\(fields.count) fields, not 10") }
            let meter = fields[7].split(separator: "/").compactMap { Int($0) }
            guard let fifths = Int(fields[5]), ["major", "minor"].contains(fields[6]), meter.count == 2, meter.allSatisfy({ $0 > 0 }),
                  let pickup = Int(fields[8]), pickup >= 0 else { throw fault("a bad key, meter or pickup") }
            var notes: [Score.Note] = []
            for token in fields[9].split(separator: " ") {
                let held = token.hasSuffix("f")
                let numbers = token.dropLast(held ? 1 : 0).split(separator: ":").compactMap { Int($0) }
                guard numbers.count == 3, (0...127).contains(numbers[0]), numbers[1] >= 0, numbers[2] > 0 else { throw fault("a bad note '\(token)'") }
                notes.append(Score.Note(key: numbers[0], onset: QuarterTime(numbers[1], 12), duration: QuarterTime(numbers[2], 12), fermata: held))
            }
            guard let last = notes.last else { throw fault("no notes") }
            let bars = Self.bars(until: last.onset + last.duration, beats: meter[0], beatType: meter[1], pickup: pickup,
                                 fifths: fifths, minor: fields[6] == "minor")
            melodies.append(Melody(id: fields[0], collection: fields[1], title: fields[2], source: fields[3], licence: fields[4],
                                   part: Score.Part(id: fields[0], name: fields[2], notes: notes, rests: [], bars: bars)))
        }
        self.melodies = melodies
    }

    /// The bars from the start to `end`: a pickup first when it has one, then whole bars.
    static func bars(until end: QuarterTime, beats: Int, beatType: Int, pickup: Int, fifths: Int, minor: Bool) -> [Score.Bar] {
        let whole = QuarterTime(beats * 4, beatType)
        var bars: [Score.Bar] = []
        var onset = QuarterTime.zero
        if pickup > 0 {
            bars.append(Score.Bar(number: "0", onset: .zero, length: QuarterTime(pickup, 12), beats: beats, beatType: beatType, fifths: fifths, minor: minor))
            onset = QuarterTime(pickup, 12)
        }
        while onset < end, bars.count < 10_000 {
            bars.append(Score.Bar(number: "\(bars.count + (pickup > 0 ? 0 : 1))", onset: onset, length: whole, beats: beats, beatType: beatType,
                                  fifths: fifths, minor: minor))
            onset = onset + whole
        }
        return bars
    }
}
