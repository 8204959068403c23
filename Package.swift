// swift-tools-version: 6.1
import PackageDescription

// Dependencies point inward (docs/architecture.md):
//   eartrainctl ─▶ ControlProtocol, MusicTheory
//   Training ─▶ MusicTheory ─▶ (nothing)
let package = Package(
    name: "eartrainer",
    products: [
        .executable(name: "eartrainctl", targets: ["eartrainctl"]),
        .library(name: "MusicTheory", targets: ["MusicTheory"]),
        .library(name: "Training", targets: ["Training"]),
        .library(name: "ControlProtocol", targets: ["ControlProtocol"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // ── Music theory: pure value types. It imports nothing, so it names libm itself (round, fma).
        .target(name: "MusicTheory", linkerSettings: [.linkedLibrary("m")]),
        .testTarget(name: "MusicTheoryTests", dependencies: ["MusicTheory"]),

        // ── Training engine (issue 3): depends on MusicTheory only; its clock, random source,
        // settings and event sink are protocols or injected values. The benchmark is an executable
        // built in release by `make bench-training`, not a test.
        .target(name: "Training", dependencies: ["MusicTheory"]),
        .testTarget(name: "TrainingTests", dependencies: ["Training", "MusicTheory"]),
        .executableTarget(
            name: "TrainingBenchmark",
            dependencies: ["Training", "MusicTheory"],
            path: "Benchmarks/TrainingBenchmark"
        ),

        // ── The control socket: the JSON-RPC messages both ends share, and the daemon's server.
        .target(name: "ControlProtocol"),
        .target(name: "ControlServer", dependencies: ["ControlProtocol"]),
        .testTarget(name: "ControlProtocolTests", dependencies: ["ControlProtocol"]),
        .testTarget(name: "ControlServerTests", dependencies: ["ControlServer", "ControlProtocol"]),

        // ── The client.
        .executableTarget(
            name: "eartrainctl",
            dependencies: [
                "MusicTheory",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "eartrainctlTests", dependencies: ["eartrainctl", "MusicTheory"]),
    ]
)
