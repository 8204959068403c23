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
    ]
)
