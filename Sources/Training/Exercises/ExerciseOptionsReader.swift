import MusicTheory

/// What a module reads its `[training.<kind>]` config section through. The config file's reader
/// implements it, naming file, line and key in every refusal (`FILE:LINE: training.scale.mode: …`).
public protocol ExerciseOptionsReader {
    /// What the reader throws.
    associatedtype Failure: Error
    /// A boolean, or `fallback` when absent.
    mutating func bool(_ key: String, _ fallback: Bool) throws(Failure) -> Bool
    /// A whole number within `range`, or `fallback` when absent.
    mutating func int(_ key: String, _ fallback: Int, in range: ClosedRange<Int>) throws(Failure) -> Int
    /// A string turned into a value by `parse` (whose error is the message), or `fallback` when absent.
    mutating func parsed<T>(_ key: String, _ fallback: T, _ parse: (String) throws -> T) throws(Failure) -> T
    /// An array of strings each turned into a value by `parse`, or `fallback` when absent.
    mutating func array<T>(_ key: String, _ fallback: [T], allowEmpty: Bool, _ parse: (String) throws -> T) throws(Failure) -> [T]
    /// A refusal of `key`'s value, with `message`.
    func invalid(_ key: String, _ message: String) -> Failure
}

extension ExerciseOptionsReader {
    /// `root`: a root, or `"random"` for nil; `fallback` when absent.
    public mutating func root(_ fallback: RootNote?) throws(Failure) -> RootNote? {
        try parsed("root", fallback) { text in text == "random" ? nil : try RootNote(parsing: text) }
    }
}
