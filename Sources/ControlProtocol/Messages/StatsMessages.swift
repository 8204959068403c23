/// `stats.get` params: whose figures (none: the daemon's profile).
public struct StatsGetParams: Sendable, Hashable, Codable {
    public var profile: String?

    public init(profile: String? = nil) {
        self.profile = profile
    }
}

/// `stats.get` result: a profile's lifetime figures, as numbers and as text.
public struct StatsGetResult: Sendable, Hashable, Codable {
    /// Whose.
    public var profile: String
    /// Every profile that has sessions.
    public var profiles: [String]
    public var figures: LifetimeFigures
    /// The figures as a person reads them (`eartrainctl stats`).
    public var report: String

    public init(profile: String, profiles: [String], figures: LifetimeFigures, report: String) {
        self.profile = profile
        self.profiles = profiles
        self.figures = figures
        self.report = report
    }
}

/// `stats.export` params: which answers, in which format, from where.
public struct StatsExportParams: Sendable, Hashable, Codable {
    /// `csv` (the default) or `json`.
    public var format: String?
    /// Whose answers (none: the daemon's profile).
    public var profile: String?
    /// Every profile's answers.
    public var allProfiles: Bool?
    /// The `next` of the page before; none for the first page.
    public var after: String?
    /// Answers a page, 1 to 1000.
    public var limit: Int?

    public init(format: String? = nil, profile: String? = nil, allProfiles: Bool? = nil, after: String? = nil, limit: Int? = nil) {
        self.format = format
        self.profile = profile
        self.allProfiles = allProfiles
        self.after = after
        self.limit = limit
    }

    enum CodingKeys: String, CodingKey {
        case format, profile, after, limit
        case allProfiles = "all_profiles"
    }
}

/// `stats.export` result: one page of the export. The pages' `data` joined in order is the whole
/// CSV or JSON document.
public struct StatsExportResult: Sendable, Hashable, Codable {
    /// `csv` or `json`.
    public var format: String
    /// Answers in this page.
    public var answers: Int
    /// This page's part of the document.
    public var data: String
    /// Where the next page starts; null on the last.
    public var next: String?

    public init(format: String, answers: Int, data: String, next: String?) {
        self.format = format
        self.answers = answers
        self.data = data
        self.next = next
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encode(answers, forKey: .answers)
        try container.encode(data, forKey: .data)
        try container.encode(next, forKey: .next)
    }
}
