import Foundation

/// One note of a rendered file: where it sounds and what was asked for.
struct NoteSpan {
    /// Note-on and note-off, in seconds.
    let on: Double
    let off: Double
    /// The frequency asked for (the key and its bend), in hertz.
    let nominal: Double

    /// Reads the spans file the script writes: `on off nominal` a line.
    static func read(_ path: String) throws -> [NoteSpan] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ").compactMap { Double($0) }
            return fields.count == 3 ? NoteSpan(on: fields[0], off: fields[1], nominal: fields[2]) : nil
        }
    }
}
