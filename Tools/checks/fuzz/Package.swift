// swift-tools-version: 6.0
import PackageDescription

/// libFuzzer targets for Shatter, kept out of the main package because they link only with
/// `-sanitize=fuzzer` (their `main` hands over to libFuzzer's driver). Build and run them with
/// `Tools/checks/fuzz.sh SECONDS`, which passes `-sanitize=fuzzer,address` to every module.
let package = Package(
    name: "ShatterFuzz",
    dependencies: [
        .package(name: "Shatter", path: "../../.."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "CFuzzer"),
        // PNG bytes → PNGDecoder.decode: must decode or throw PNGError, never crash or leak.
        .executableTarget(
            name: "fuzz-png",
            dependencies: ["CFuzzer", .product(name: "Shatter", package: "Shatter")]
        ),
        // manifest.json bytes → FrameManifest.decode, then everything a merge does with it: must be
        // usable or refused with one line, never crash or allocate beyond the frame limit.
        .executableTarget(
            name: "fuzz-manifest",
            dependencies: ["CFuzzer", .product(name: "Shatter", package: "Shatter")]
        ),
        // Clip paths with %d patterns → Clip(path:): must be refused in one line at once, never crash.
        .executableTarget(
            name: "fuzz-pattern",
            dependencies: ["CFuzzer", .product(name: "Shatter", package: "Shatter")]
        ),
        // Argument lists → the CLI's parser and validate(): must parse or refuse, never crash.
        // CLI is a link to Sources/shatter, compiled here without its @main.
        .executableTarget(
            name: "fuzz-options",
            dependencies: [
                "CFuzzer",
                .product(name: "Shatter", package: "Shatter"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["CLI/ShatterTool.swift"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
