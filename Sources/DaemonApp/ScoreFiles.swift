import Foundation
import MusicTheory
import Scores
import Training

/// The daemon's score library (`dictation --from`): reads the files a session names with `Scores`
/// and cuts the chosen part's melody into phrases. A file named is read or refused by name; a
/// folder gives the scores in it and its subfolders (by their endings), leaving out those it
/// cannot read, and is refused only when none gives a phrase.
struct ScoreFiles: ScoreLibrary {
    /// The endings a folder's scores have.
    static let endings: Set<String> = ["musicxml", "xml", "mxl", "mid", "midi", "smf"]
    /// The most score files one session reads.
    static let mostFiles = 400
    /// The longest phrase asked, in notes: past it a dictation is no longer one a student can hold.
    static let mostNotes = 24

    /// The teacher's own scores (`[training.library] paths`), read at each session's start (a
    /// reloaded config's apply from the next).
    var ownPaths: @Sendable () -> [String] = { [] }

    func melodies(_ request: ScoreRequest) throws(TrainingError) -> [ScoreMelody] {
        let own = request.library == .own ? ownPaths() : []
        if request.library == .own && own.isEmpty {
            throw TrainingError("no scores of your own yet: list their files or folders in the config's [training.library] paths")
        }
        var melodies = request.library.map { $0 == .own ? [] : Self.library($0, bars: request.bars) } ?? []
        for path in request.paths + own {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw TrainingError("\(path): no such file or folder, or the daemon may not read it")
            }
            if isFolder.boolValue {
                let found = try Self.scores(in: path).flatMap { file in (try? Self.melodies(file, request)) ?? [] }
                guard !found.isEmpty else {
                    throw TrainingError("\(path): no score in the folder gives a phrase (MusicXML or MIDI files\(request.part.map { " with a part '\($0)'" } ?? ""))")
                }
                melodies += found
            } else {
                melodies += try Self.melodies(path, request)
            }
        }
        return melodies
    }

    /// The phrases of the melodies eartrainer ships, of one collection or all.
    static func library(_ collection: MelodyCollection, bars: ClosedRange<Int>) -> [ScoreMelody] {
        MelodyLibrary.shipped.melodies.filter { collection == .all || $0.collection == collection.rawValue }.flatMap { tune in
            tune.part.phrases(bars: bars).filter { $0.notes.count <= mostNotes }.compactMap { phrase in
                melody(phrase, source: "\(tune.title) (\(tune.collection)), \(Self.bars(phrase))")
            }
        }
    }

    /// `bar 3`, `bars 5-8`.
    static func bars(_ phrase: Phrase) -> String {
        phrase.bars.count == 1 ? "bar \(phrase.bars.lowerBound)" : "bars \(phrase.bars.lowerBound)-\(phrase.bars.upperBound)"
    }

    /// The score files under `folder`, in order of their paths.
    static func scores(in folder: String) throws(TrainingError) -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: folder) else { throw TrainingError("\(folder): the folder cannot be read") }
        var files: [String] = []
        while let relative = walk.nextObject() as? String {
            guard endings.contains((relative as NSString).pathExtension.lowercased()) else { continue }
            files.append((folder as NSString).appendingPathComponent(relative))
            guard files.count <= mostFiles else { throw TrainingError("\(folder): more than \(mostFiles) scores; name a smaller folder") }
        }
        return files.sorted()
    }

    /// The phrases of one file's chosen part.
    static func melodies(_ path: String, _ request: ScoreRequest) throws(TrainingError) -> [ScoreMelody] {
        let score: Score
        do { score = try ScoreFile.read(path: path) } catch { throw TrainingError(error.reason) }
        let name = (path as NSString).lastPathComponent
        let part = try Self.part(of: score, named: request.part, file: name)
        return part.phrases(bars: request.bars).filter { $0.notes.count <= mostNotes }.compactMap { phrase in
            melody(phrase, source: "\(name), \(score.parts.count > 1 ? "\(part.name), " : "")\(Self.bars(phrase))")
        }
    }

    /// The part named (its id, its name, or its number from 1), or the first with notes.
    static func part(of score: Score, named wanted: String?, file: String) throws(TrainingError) -> Score.Part {
        let parts = score.parts.filter { !$0.notes.isEmpty }
        guard let first = parts.first else { throw TrainingError("\(file) has no part with notes") }
        guard let wanted else { return first }
        let number = Int(wanted).flatMap { score.parts.indices.contains($0 - 1) ? score.parts[$0 - 1] : nil }
        if let part = number ?? score.parts.first(where: { $0.id == wanted || $0.name.lowercased() == wanted.lowercased() }), !part.notes.isEmpty {
            return part
        }
        let listed = score.parts.enumerated().filter { !$0.element.notes.isEmpty }.map { "\($0.offset + 1) \($0.element.name) (\($0.element.id))" }
        throw TrainingError("\(file) has no part '\(wanted)' with notes; its parts: \(listed.joined(separator: ", "))")
    }

    /// A phrase as the engine asks it: its keys, its key signature, and its rhythm where a
    /// rhythm question's pattern can hold it (a meter of `Meter`'s, values on its grid).
    static func melody(_ phrase: Phrase, source: String) -> ScoreMelody? {
        guard phrase.notes.allSatisfy({ (0...127).contains($0.key) }) else { return nil }
        return ScoreMelody(keys: phrase.notes.map { MIDINote($0.key) }, fifths: phrase.firstBar.fifths, minor: phrase.firstBar.minor,
                           rhythm: rhythm(of: phrase), source: source)
    }

    static func rhythm(of phrase: Phrase) -> ScoreMelody.Rhythm? {
        let bar = phrase.firstBar
        guard let meter = Meter(rawValue: "\(bar.beats)/\(bar.beatType)") else { return nil }
        let units = { (time: QuarterTime) -> Int? in
            let scaled = time.numerator * RhythmPattern.unitsPerQuarter
            return scaled % time.denominator == 0 ? scaled / time.denominator : nil
        }
        // A pickup bar is short: its notes stand at the end of a whole bar.
        guard let written = units(bar.length), let firstOnset = units(phrase.notes[0].onset) else { return nil }
        let lead = max(0, meter.unitsPerBar - written) + firstOnset
        var lengths: [Int] = []
        for (note, next) in zip(phrase.notes, phrase.notes.dropFirst()) {
            guard let length = units(next.onset - note.onset), length > 0 else { return nil }
            lengths.append(length)
        }
        // The last note as written, or (played a little short, in a MIDI file) to the next sixteenth.
        let last = phrase.notes[phrase.notes.count - 1].duration
        let sixteenths = (last.numerator * 4 + last.denominator - 1) / last.denominator
        lengths.append(units(last) ?? max(1, sixteenths) * RhythmPattern.unitsPerQuarter / 4)
        return ScoreMelody.Rhythm(meter: meter, lead: lead, lengths: lengths)
    }
}
