import Foundation

/// The products `swift build` put beside the test bundle: the daemon, the client, test programs.
public enum BuiltProduct {
    /// The executable named `product`, looked for from the test bundle's folder upwards.
    public static func url(_ product: String) -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent(product).path), directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(product)
    }
}
