/// A pattern as the events give it once its question is answered (`note_judged` when the
/// question closes, `answer_revealed`): `pattern` holds the meter (`4/4`), the tempo, the units a
/// quarter note has (12), and each value's units, whether it is a rest and whether it is tied,
/// enough for a client to draw it as notation and to place each onset. Never sent while it is open.
extension RhythmPattern {
    /// The events' `pattern` member.
    public struct Wire: KindDetails {
        /// One note or rest: its length in units, and whether it is a rest or tied to the next.
        public struct Value: KindDetails {
            public var units: Int
            public var rest: Bool
            public var tied: Bool
        }

        public var meter: Meter
        public var tempo: Int
        public var unitsPerQuarter: Int
        public var values: [Value]

        enum CodingKeys: String, CodingKey {
            case meter, tempo, unitsPerQuarter = "units_per_quarter", values
        }
    }

    /// The pattern at `tempo`, as the events carry it.
    public func wire(tempo: Int) -> Wire {
        Wire(meter: meter, tempo: tempo, unitsPerQuarter: Self.unitsPerQuarter,
             values: values.map { Wire.Value(units: $0.units, rest: $0.isRest, tied: $0.tiedToNext) })
    }

    /// The pattern at `tempo`, as the events' `pattern` member.
    public func wireValue(tempo: Int) -> JSONValue { JSONValue(encoding: wire(tempo: tempo)) }

    /// A pattern read back from its wire form; nil when it is not one (another unit, a value of no length).
    public init?(wire: Wire) {
        guard wire.unitsPerQuarter == Self.unitsPerQuarter, wire.values.allSatisfy({ $0.units >= 1 }) else { return nil }
        self.init(meter: wire.meter, values: wire.values.map { Value($0.units, rest: $0.rest, tied: $0.tied) })
    }

    /// A pattern read back from `wireValue(tempo:)`; nil when it is not one (an unknown meter too).
    public init?(wire: JSONValue) {
        guard let decoded = wire.decoded(as: Wire.self) else { return nil }
        self.init(wire: decoded)
    }

    /// The tempo `wireValue(tempo:)` carries.
    public static func tempo(wire: JSONValue) -> Int? {
        wire.decoded(as: Wire.self).map(\.tempo).flatMap { $0 >= 1 ? $0 : nil }
    }
}

/// What a rhythm's `answer_revealed` adds (and a dictation's in time, once it is over): the
/// rhythm asked, to draw.
public struct RhythmRevealed: KindDetails {
    public var pattern: RhythmPattern.Wire
}
