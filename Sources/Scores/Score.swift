/// A score read from a file, as sound: its parts, each a line of notes and rests in time, with the
/// bars, keys and meters they were written in. Times are in quarter notes from the score's start;
/// keys sound (a transposing instrument's written notes are moved to where they sound).
public struct Score: Sendable {
    /// A note as it sounds: tied notes are one.
    public struct Note: Sendable, Equatable {
        /// The key, C4 = 60.
        public let key: Int
        public let onset: QuarterTime
        public let duration: QuarterTime
        /// The voice it was written in, within its part ("1" when the file names none).
        public let voice: String
        /// Held under a fermata: a phrase ends there.
        public let fermata: Bool

        public init(key: Int, onset: QuarterTime, duration: QuarterTime, voice: String = "1", fermata: Bool = false) {
            (self.key, self.onset, self.duration, self.voice, self.fermata) = (key, onset, duration, voice, fermata)
        }
    }

    /// A bar: where it begins, and the meter and key in force there.
    public struct Bar: Sendable, Equatable {
        /// Its number as the score prints it ("0" for a pickup in many files, "12a" in some).
        public let number: String
        public let onset: QuarterTime
        public let length: QuarterTime
        public let beats: Int
        public let beatType: Int
        /// Sharps (positive) or flats (negative) of the key signature.
        public let fifths: Int
        public let minor: Bool
    }

    public struct Part: Sendable {
        public let id: String
        public let name: String
        public let notes: [Note]
        /// Where nothing sounds in the part's first voice, as written (a rest).
        public let rests: [ClosedRange<QuarterTime>]
        public let bars: [Bar]
    }

    public let title: String?
    public let parts: [Part]
}
