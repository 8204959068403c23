import Foundation
import MusicTheory
import Speech
import Testing
import Training

@testable import Daemon

/// What the voice says, as eSpeak NG reads it (its phonemes, not the text): every kind of
/// sentence the voice follower makes (each kind's instructions, reveals, results) from many
/// questions of every kind. The note A is the letter, never the article /ɐ/ ("a chord on uh
/// three"), and an article agrees with the word after it ("an equal major third").
@Suite("The voice reads note names and articles right")
struct SpokenNoteNamesTests {
    /// Every event's sink: what the voice would say of it.
    final class Collector: TrainingEventSink {
        var phrases = SpokenPhrases()
        var sentences: Set<String> = []

        func receive(_ event: TrainingEvent) {
            for line in phrases.lines(for: event, cues: .words) { sentences.insert(line.text) }
        }
    }

    struct StillClock: TrainingClock {
        var now: Duration { .zero }
    }

    private static func exercise<Module: ExerciseModule>(of module: Module.Type) -> Exercise {
        Exercise(Module.defaults)
    }

    /// Twenty questions of each kind's defaults (random roots), revealed, then the results,
    /// with two seeds; and the match kind in each tuning, whose prompt names it.
    static let sentences: [String] = {
        var all: Set<String> = []
        for seed: UInt64 in [3, 11] {
            for tuning in TuningSystem.allCases {
                for exercise in ExerciseCatalog.all.map({ exercise(of: $0) }) {
                    let collector = Collector()
                    let settings = TrainingSettings(tuningSystem: tuning)
                    let engine = TrainingEngine(settings: FixedSettings(settings), clock: StillClock(),
                                                random: SeededRandom(seed: seed), sink: collector)
                    guard (try? engine.start(exercise)) != nil else { continue }
                    for _ in 0..<20 { engine.perform(.skip) }
                    engine.perform(.stop)
                    all.formUnion(collector.sentences)
                }
            }
        }
        return all.sorted()
    }()

    /// The words of `text`, lower-cased, without punctuation.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "'" }.map(String.init)
    }

    /// The phoneme words of a reading, stress marks dropped.
    static func phonemeWords(_ reading: String) -> [String] {
        reading.split { $0 == " " || $0 == "|" }.map { $0.filter { $0 != "ˈ" && $0 != "ˌ" } }.filter { !$0.isEmpty }
    }

    @Test("every note A is read as the letter: the article's /ɐ/ is heard exactly as often as the text has \"a\"")
    func noteA() throws {
        let voice = try SpeechSynthesizer()
        let withA = Self.sentences.filter { sentence in
            sentence.split(separator: " ").contains { $0.trimmingCharacters(in: .punctuationCharacters) == "A" }
        }
        #expect(withA.count >= 10, "too few sentences name the note A to tell: \(withA)")
        for sentence in Self.sentences {
            let reading = try voice.phonemes(sentence)
            let articles = Self.words(sentence).filter { $0 == "a" }.count
                - sentence.split(separator: " ").filter { $0.trimmingCharacters(in: .punctuationCharacters) == "A" }.count
            let heard = Self.phonemeWords(reading).filter { $0 == "ɐ" }.count
            #expect(heard == articles, "\"\(sentence)\" is read \(reading)")
        }
    }

    @Test("\"a\" comes before a consonant and \"an\" before a vowel, as read")
    func articles() throws {
        let voice = try SpeechSynthesizer()
        let vowels = Set("aeiouæɐɑɒɔəɛɜɪʊʌ")
        var checked = 0
        for sentence in Self.sentences where Self.words(sentence).contains(where: { $0 == "a" || $0 == "an" }) {
            let words = Self.phonemeWords(try voice.phonemes(sentence))
            for (index, word) in words.enumerated().dropLast() where word == "ɐ" || word == "ɐn" {
                let next = words[index + 1]
                let startsWithVowel = next.first.map { vowels.contains($0) } ?? false
                #expect(startsWithVowel == (word == "ɐn"), "\"\(sentence)\": \(word) \(next)")
                checked += 1
            }
        }
        #expect(checked >= 50)
    }

    @Test("\"A\" alone is respelled for an English voice only; A3 and words with an A are left alone")
    func respelling() throws {
        let voice = try SpeechSynthesizer()
        #expect(Self.phonemeWords(try voice.phonemes("on A 3, in A flat major, A")).filter { $0 == "eɪ" }.count == 3)
        #expect(try voice.phonemes("A3").contains("eɪ"))
        #expect(!(try voice.phonemes("ABBA")).isEmpty)
    }
}
