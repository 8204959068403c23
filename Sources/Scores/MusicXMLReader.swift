/// Reads a MusicXML document (partwise, as notation programs write it; a timewise one is refused)
/// into a `Score`: each part's notes (a part on several staves, a piano's, is a part a staff) at their onsets in quarter notes, tied notes joined, grace
/// and cue notes left out (they take no time of their own, or do not sound), chords as notes at
/// one onset, `<backup>` and `<forward>` followed, a transposing part's notes moved to where they
/// sound, and each bar's meter and key.
public enum MusicXMLReader {
    public static func score(_ root: XMLElement) throws(ScoreError) -> Score {
        guard root.name != "score-timewise" else {
            throw ScoreError("a timewise MusicXML score; save it partwise (as notation programs do by default)")
        }
        guard root.name == "score-partwise" else {
            throw ScoreError("not a MusicXML score: its root element is <\(root.name)>, not <score-partwise>")
        }
        let names = Dictionary(root.child("part-list")?.children("score-part").map { ($0.attributes["id"] ?? "", $0.text(at: "part-name") ?? "") } ?? [],
                               uniquingKeysWith: { first, _ in first })
        var parts: [Score.Part] = []
        for element in root.children("part") {
            let id = element.attributes["id"] ?? ""
            var reading = PartReading(id: id)
            parts += try reading.read(element, name: names[id] ?? id)
        }
        guard !parts.isEmpty else { throw ScoreError("the MusicXML score has no part") }
        let title = root.text(at: "work/work-title") ?? root.text(at: "movement-title")
        return Score(title: title.flatMap { $0.isEmpty ? nil : $0 }, parts: parts)
    }
}

/// One part read measure by measure: the running position and what is in force.
private struct PartReading {
    let id: String
    var divisions = 1
    var beats = 4, beatType = 4, fifths = 0, minor = false
    /// Semitones from written to sounding.
    var transpose = 0
    /// The notes and rests by staff ("1" unless the part has more).
    var notes: [(staff: String, note: Score.Note)] = []
    var rests: [(staff: String, rest: ClosedRange<QuarterTime>)] = []
    var bars: [Score.Bar] = []
    /// A tied note still open, by key and staff: its index in `notes`.
    var openTies: [String: Int] = [:]
    /// The first voice heard on each staff: its rests are the staff's.
    var firstVoices: [String: String] = [:]
    /// The voice and staff of the note before, which a chord's later notes share.
    var lastVoice: String?
    var lastStaff: String?

    init(id: String) { self.id = id }

    /// A step's semitones above C.
    static let semitones: [String: Int] = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11]

    func length(_ element: XMLElement?, _ what: String, measure: String) throws(ScoreError) -> QuarterTime {
        guard let text = element?.text, let number = Double(text), number.isFinite, number >= 0 else {
            throw ScoreError("part \(id), measure \(measure): \(what) has no duration")
        }
        // Durations are whole divisions; a bar of a million quarters is no score's.
        guard number / Double(divisions) <= 1_000_000 else {
            throw ScoreError("part \(id), measure \(measure): \(what) lasts \(text) divisions, longer than any score's")
        }
        return QuarterTime(Int(number.rounded()), divisions)
    }

    mutating func read(_ part: XMLElement, name: String) throws(ScoreError) -> [Score.Part] {
        var start = QuarterTime.zero
        for measure in part.children("measure") {
            let number = measure.attributes["number"] ?? "\(bars.count + 1)"
            var position = start, reached = start
            var lastOnset = start
            for element in measure.children {
                switch element.name {
                case "attributes": try attributes(element, measure: number)
                case "backup": position = position - (try length(element.child("duration"), "a backup", measure: number))
                case "forward": position = position + (try length(element.child("duration"), "a forward", measure: number))
                case "note":
                    if element.child("grace") != nil { continue }
                    let duration = try length(element.child("duration"), "a note", measure: number)
                    // A chord's later notes sound with its first and move the position no further.
                    let inChord = element.child("chord") != nil
                    let onset = inChord ? lastOnset : position
                    if element.child("cue") == nil { try note(element, onset: onset, duration: duration, measure: number) }
                    lastOnset = onset
                    if !inChord { position = onset + duration }
                default: continue
                }
                guard position >= start else { throw ScoreError("part \(id), measure \(number): a backup goes back before the bar") }
                reached = max(reached, position)
            }
            bars.append(Score.Bar(number: number, onset: start, length: reached - start, beats: beats, beatType: beatType, fifths: fifths, minor: minor))
            start = reached
        }
        let staves = Set(notes.map(\.staff) + rests.map(\.staff)).sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
        return (staves.isEmpty ? ["1"] : staves).map { staff in
            let own = notes.filter { $0.staff == staff }.map(\.note).sorted { ($0.onset, $0.key) < ($1.onset, $1.key) }
            return Score.Part(id: staves.count > 1 ? "\(id) staff \(staff)" : id, name: staves.count > 1 ? "\(name) staff \(staff)" : name,
                              notes: own, rests: rests.filter { $0.staff == staff }.map(\.rest), bars: bars)
        }
    }

    mutating func attributes(_ element: XMLElement, measure: String) throws(ScoreError) {
        if let text = element.text(at: "divisions") {
            guard let value = Int(text), (1...1_000_000).contains(value) else {
                throw ScoreError("part \(id), measure \(measure): divisions \"\(text)\" is not a whole number from 1 to a million")
            }
            divisions = value
        }
        if let key = element.child("key") {
            fifths = key.text(at: "fifths").flatMap { Int($0) }.map { max(-7, min(7, $0)) } ?? fifths
            minor = key.text(at: "mode") == "minor"
        }
        if let time = element.child("time"), let top = time.text(at: "beats"), let bottom = time.text(at: "beat-type") {
            // "3+2" beats: their sum.
            let parts = top.split(separator: "+").compactMap { Int($0) }
            if !parts.isEmpty, parts.allSatisfy({ (1...1000).contains($0) }) { beats = parts.reduce(0, +) }
            if let type = Int(bottom), (1...1024).contains(type) { beatType = type }
        }
        if let change = element.child("transpose") {
            let chromatic = change.text(at: "chromatic").flatMap { Int($0) } ?? 0
            let octaves = change.text(at: "octave-change").flatMap { Int($0) } ?? 0
            guard abs(chromatic) <= 24, abs(octaves) <= 4 else {
                throw ScoreError("part \(id), measure \(measure): a transposition of \(chromatic) semitones and \(octaves) octaves is no instrument's")
            }
            transpose = chromatic + 12 * octaves
        }
    }

    mutating func note(_ element: XMLElement, onset: QuarterTime, duration: QuarterTime, measure: String) throws(ScoreError) {
        // A chord's later notes may leave out the voice and staff: they are its first note's.
        let inChord = element.child("chord") != nil
        let voice = element.text(at: "voice") ?? (inChord ? lastVoice : nil) ?? "1"
        let staff = element.text(at: "staff") ?? (inChord ? lastStaff : nil) ?? "1"
        (lastVoice, lastStaff) = (voice, staff)
        if element.child("rest") != nil {
            if voice == (firstVoices[staff] ?? voice) { rests.append((staff, onset...(onset + duration))) }
            return
        }
        guard let pitch = element.child("pitch") else { return }  // unpitched: percussion
        firstVoices[staff] = firstVoices[staff] ?? voice
        guard let step = pitch.text(at: "step").flatMap({ Self.semitones[$0] }), let octave = pitch.text(at: "octave").flatMap({ Int($0) }),
              (-1...10).contains(octave) else {
            throw ScoreError("part \(id), measure \(measure): a note's pitch has no step, or no octave from -1 to 10")
        }
        let alteration = pitch.text(at: "alter").flatMap { Double($0) } ?? 0
        guard alteration.isFinite, abs(alteration) <= 3 else { throw ScoreError("part \(id), measure \(measure): a note is altered by \(alteration) semitones") }
        let alter = Int(alteration.rounded())
        let key = (octave + 1) * 12 + step + alter + transpose
        guard (0...127).contains(key) else { throw ScoreError("part \(id), measure \(measure): a note lies outside the keys MIDI has (\(key))") }
        let ties = element.children("tie").compactMap { $0.attributes["type"] }
        let fermata = element.child("notations")?.child("fermata") != nil
        // Ties join notes of one key on one staff (a tie's two ends may be written in two voices).
        let tieKey = "\(key) \(staff)"
        // A tie started joins the next note of its key that begins where the tied note ends,
        // marked "stop" or not (some encoders write only the start); one that begins later
        // (a chord's shorter note tied across a rest) sounds again.
        if let open = openTies[tieKey], notes[open].note.onset + notes[open].note.duration == onset {
            let held = notes[open].note
            notes[open].note = Score.Note(key: key, onset: held.onset, duration: onset + duration - held.onset, voice: voice, fermata: held.fermata || fermata)
            if !ties.contains("start") { openTies[tieKey] = nil }
            return
        }
        openTies[tieKey] = nil
        notes.append((staff, Score.Note(key: key, onset: onset, duration: duration, voice: voice, fermata: fermata)))
        if ties.contains("start") { openTies[tieKey] = notes.count - 1 }
    }
}
