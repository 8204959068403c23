import Foundation
import Scores
import ProcessTestSupport
import Testing

/// The MusicXML reader against music21's, on scores neither wrote: each part's notes, at the
/// onsets and keys music21 reads, ties joined, grace notes left out.
@Suite("MusicXML scores, read as music21 reads them", .cpuHeavy)
struct MusicXMLOracleTests {
    /// Exported by Finale, Sibelius, MuseScore, Noteflight and music21 itself, plain and
    /// compressed; songs, chorales, quartets, piano music, with tuplets, voices and chords.
    static let files = [
        "demos/two-parts.xml", "demos/two-voices.xml", "demos/voices_with_chords.xml",
        "demos/nested_tuplet_finale_test.xml", "demos/multiple-verses.xml", "demos/chord_realization_exercise.mxl",
        "bach/bwv67.4.xml", "bach/bwv69.6.xml", "bach/bwv328.mxl", "bach/bwv371.mxl", "bach/bwv437.mxl", "bach/bwv41.6.mxl",
        "corelli/opus3no1/1grave.xml", "ciconia/quod_jactatur.xml", "schumann_clara/polonaise_op1n2.mxl",
        "joplin/maple_leaf_rag.mxl", "schumann_clara/polonaise_op1n1.mxl", "haydn/opus1no1/movement1.mxl",
        "trecento/PMFC_13_01-Kyrie-Summe-Clementissime.xml", "bach/bwv29.8.mxl", "monteverdi/madrigal.3.1_old.mxl",
        "monteverdi/madrigal.5.8.mxl",
    ]

    @Test("every part of 22 scores: the same notes at the same onsets as music21 reads")
    func sameAsMusic21() async throws {
        let files = try await Music21Oracle.corpusFiles(Self.files)
        let readings = try await Music21Oracle.readMusicXML(files)
        #expect(readings.count == files.count)
        var compared = 0
        var software: Set<String> = []
        for reading in readings {
            let name = URL(fileURLWithPath: reading.path).lastPathComponent
            let parts = try #require(reading.parts, "music21 refused \(name): \(reading.error ?? "")")
            software.formUnion((reading.software ?? []).compactMap { $0.split(separator: " ").first.map(String.init) })
            let score = try ScoreFile.read(path: reading.path)
            #expect(score.parts.count == parts.count, "\(name)")
            for (part, expected) in zip(score.parts, parts) {
                let ours = part.notes.map { (onset: $0.onset.quarters, key: $0.key) }
                let theirs = expected.notes.map { (onset: Double($0[0]) / Double($0[1]), key: $0[2]) }
                #expect(ours.count == theirs.count, "\(name), part \(part.id): \(ours.count) notes here, \(theirs.count) in music21")
                let differing = zip(ours, theirs).enumerated().first { _, pair in pair.0.key != pair.1.key || abs(pair.0.onset - pair.1.onset) > 0.01 }
                #expect(differing == nil, "\(name), part \(part.id): note \(differing.map { "\($0.offset + 1): \($0.element.0) here, \($0.element.1) in music21" } ?? "")")
                compared += theirs.count
            }
        }
        #expect(compared > 5000, "notes compared: \(compared)")
        #expect(software.isSuperset(of: ["Finale", "Sibelius", "MuseScore"]), "\(software)")
    }
}
