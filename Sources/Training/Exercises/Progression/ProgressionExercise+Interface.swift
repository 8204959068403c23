import MusicTheory

extension ProgressionExercise {
    /// `eartrainctl start progression --level 2 --bass`.
    public static var commandLine: ExerciseCommandLine {
        ExerciseCommandLine(
            abstract: "Hear the tonic chord of a key, then 3-5 chords of it, and play them back chord by chord.",
            options: [
                .init("progressions", .list, choices: Progression.allCases.map { .init($0.rawValue, group: "level \($0.level)") },
                      help: "Comma-separated: I-IV-V-I, ii-V-I, I-vi-IV-V, i-iv-V-i (level 1), ii7-V7-I, I-IV-V7-I, I-vi-ii7-V7, i-iv-V7-i (level 2), I-V6-vi-IV, I-ii6-V7-I, I-IV-I64-V7-I, i-iv6-V65-i (level 3) (default: level 1's)."),
                .init("level", .number, choices: .numbers(Progression.levels), help: "Every progression of levels 1 to this: 1 triads, 2 sevenths, 3 inversions."),
                .init("root", .text, choices: .roots(random: true), help: "The tonic (default: random, a new one each question)."),
                .init("bass", .flag(.bool(true)), help: "The lowest key of each chord must be its bass (inversions heard); otherwise any voicing counts."),
                .init("tries", .number, choices: .numbers(ExerciseParams.triesRange), help: "Wrong chords before the rest is shown."),
                .init("no-adaptive", key: "adaptive", .flag(.bool(false)), help: "Ask every progression equally often."),
            ])
    }

    /// The level (sets a teacher would give), then the tonic played.
    public static var menuPages: [MenuPage] {
        [MenuPage(key: "level", title: "level", input: .choices([
            MenuChoice(.number(1), spoken: "triads"),
            MenuChoice(.number(2), spoken: "with sevenths"),
            MenuChoice(.number(3), spoken: "with inversions"),
        ])), .root]
    }

    /// `progressions I-IV-V-I ii-V-I from C4`.
    public static func statusSummary(_ status: StatusDetails, root: String) -> String {
        "progressions \(status.progressions.joined(separator: " ")) from \(root)" + bassWords(status)
    }

    public static func watchTitle(_ status: StatusDetails, root: String) -> String {
        "progressions \(status.progressions.joined(separator: " "))" + bassWords(status)
    }

    /// `in D major: play the 4 chords you hear`.
    public static func watchQuestion(_ question: ProgressionQuestion.Details) -> String {
        "in \(question.key): play the \(question.chords) chords you hear"
    }

    public static var countsNotes: Bool { true }

    private static func bassWords(_ status: StatusDetails) -> String {
        status.bass ? " with the bass" : ""
    }
}
