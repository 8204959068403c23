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
            path: "Benchmarks/TrainingBenchmark"
        ),
        // ── end Training engine ──
    ]
)

// ── Configuration and statistics (issue 7) ──
// Configuration reads the one TOML config file (TOMLKit) into `EartrainerConfig` and maps its
// training section onto Training's settings. Statistics keeps every judged answer and every
// session in SQLite (GRDB, WAL) behind the `StatisticsStore` protocol, with an in-memory store
// beside it. StatisticsCrashWriter is a helper the SIGKILL durability test runs and kills.
// Both libraries take a swift-log `Logger`; neither builds one.
package.dependencies += [
    .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
]
package.products += [
    .library(name: "Configuration", targets: ["Configuration"]),
    .library(name: "Statistics", targets: ["Statistics"]),
]
package.targets += [
    .target(
        name: "Configuration",
        dependencies: [
            "MusicTheory", "Training",
            .product(name: "TOMLKit", package: "TOMLKit"),
            .product(name: "Logging", package: "swift-log"),
        ]
    ),
    .testTarget(
        name: "ConfigurationTests",
        dependencies: ["Configuration", "Training", "MusicTheory", .product(name: "Logging", package: "swift-log")]
    ),
    .target(
        name: "Statistics",
        dependencies: [
            "MusicTheory", "Training",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Logging", package: "swift-log"),
        ]
    ),
    .executableTarget(
        name: "StatisticsCrashWriter",
        dependencies: ["Statistics", .product(name: "Logging", package: "swift-log")],
        path: "Tests/StatisticsCrashWriter"
    ),
    .testTarget(
        name: "StatisticsTests",
        dependencies: [
            "Statistics", "StatisticsCrashWriter", "Training", "MusicTheory",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Logging", package: "swift-log"),
        ]
    ),
]
// ── end Configuration and statistics ──
