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
        // ── Training engine (issue 3) ──
        .library(name: "Training", targets: ["Training"]),
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
        .testTarget(name: "eartrainctlTests", dependencies: ["eartrainctl", "MusicTheory"]),

        // ── Training engine (issue 3): the exercise engine, its tests and its benchmark ──
        // Training depends on MusicTheory only; its clock, random source, settings and event sink
        // are protocols or injected values. The benchmark is an executable built in release by
        // `make bench-training`, not a test.
        .target(name: "Training", dependencies: ["MusicTheory"]),
        .testTarget(name: "TrainingTests", dependencies: ["Training", "MusicTheory"]),
        .executableTarget(
            name: "TrainingBenchmark",
            dependencies: ["Training", "MusicTheory"],
            path: "Benchmarks/TrainingBenchmark",
            // MusicTheory uses round/floor/fma without importing Foundation; nothing else links libm here.
            linkerSettings: [.linkedLibrary("m")]
        ),
        // ── end Training engine ──
    ]
)
