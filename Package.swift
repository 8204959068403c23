// swift-tools-version: 6.1
import PackageDescription

// The architecture in one picture: dependencies point inward.
//   eartrainctl ─▶ MusicTheory
// (See docs/architecture.md; each later part gets its own target.)
let package = Package(
    name: "eartrainer",
    products: [
        .executable(name: "eartrainctl", targets: ["eartrainctl"]),
        .library(name: "MusicTheory", targets: ["MusicTheory"]),
        .library(name: "ControlProtocol", targets: ["ControlProtocol"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "MusicTheory"),
        .executableTarget(
            name: "eartrainctl",
            dependencies: [
                "MusicTheory",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "MusicTheoryTests", dependencies: ["MusicTheory"]),

        // The control socket: the JSON-RPC messages both ends share, and the daemon's server.
        .target(name: "ControlProtocol"),
        .target(name: "ControlServer", dependencies: ["ControlProtocol"]),
        .testTarget(name: "ControlProtocolTests", dependencies: ["ControlProtocol"]),
        .testTarget(name: "ControlServerTests", dependencies: ["ControlServer", "ControlProtocol"]),
        .testTarget(name: "eartrainctlTests", dependencies: ["eartrainctl", "MusicTheory"]),
    ]
)
