/// A student profile's name, as `--profile`, the config's `storage.profile` and `session.start`
/// accept it: 1-64 of A-Z a-z 0-9 . _ - (it names rows in the statistics and appears in file names
/// of exports, so nothing that needs quoting).
public enum ProfileName {
    public static func isValid(_ name: String) -> Bool {
        (1...64).contains(name.count)
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
    }

    /// What a person is told when a name is not valid.
    public static let rule = "use 1-64 of A-Z a-z 0-9 . _ -"
}
