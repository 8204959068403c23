/// A pattern as the events give it once its question is answered (`note_judged` when the
/// question closes, `answer_revealed`): `pattern` is `{"meter": "4/4", "tempo": 80,
/// "units_per_quarter": 12, "values": [{"units": 6, "rest": false, "tied": false}, …]}`, enough
/// for a client to draw it as notation and to place each onset. Never sent while it is open.
extension RhythmPattern {
    /// The pattern at `tempo`, as the events' `pattern` member.
    public func wireValue(tempo: Int) -> JSONValue {
        .object([
            "meter": .string(meter.rawValue), "tempo": .number(Double(tempo)),
            "units_per_quarter": .number(Double(Self.unitsPerQuarter)),
            "values": .array(values.map { value in
                .object(["units": .number(Double(value.units)), "rest": .bool(value.isRest), "tied": .bool(value.tiedToNext)])
            }),
        ])
    }

    /// A pattern read back from `wireValue(tempo:)`, with its tempo; nil when it is not one (an
    /// unknown meter, another unit, a value of no length).
    public init?(wire: JSONValue) {
        guard case .object(let fields) = wire, case .string(let name)? = fields["meter"], let meter = Meter(rawValue: name),
              case .number(Double(Self.unitsPerQuarter))? = fields["units_per_quarter"],
              case .array(let items)? = fields["values"] else { return nil }
        var values: [Value] = []
        for item in items {
            guard case .object(let value) = item, case .number(let units)? = value["units"], units >= 1, units == units.rounded() else { return nil }
            values.append(Value(Int(units), rest: value["rest"] == .bool(true), tied: value["tied"] == .bool(true)))
        }
        self.init(meter: meter, values: values)
    }

    /// The tempo `wireValue(tempo:)` carries.
    public static func tempo(wire: JSONValue) -> Int? {
        guard case .object(let fields) = wire, case .number(let tempo)? = fields["tempo"], tempo >= 1 else { return nil }
        return Int(tempo)
    }
}
