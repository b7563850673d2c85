// swift-tools-version: 6.0
import PackageDescription

/// Shatter: iOS animation effects rendered headlessly (EGL + GLES 3, or a pure-Swift CPU twin) to PNG.
/// Linux only: the sources import Glibc, and nothing is built or tested on macOS, so no other platform
/// is declared.
let package = Package(
    name: "Shatter",
    products: [
        .library(name: "Shatter", targets: ["Shatter"]),
        // For users' tests: golden PNGs judged by a FuzzyRule, with no dependency (ShatterTesting), and a
        // swift-snapshot-testing strategy (ShatterSnapshotTesting). The Shatter product needs neither.
        .library(name: "ShatterTesting", targets: ["ShatterTesting"]),
        .library(name: "ShatterSnapshotTesting", targets: ["ShatterSnapshotTesting"]),
        .executable(name: "shatter", targets: ["shatter"]),
        // frei0r mixer2 plugins for MLT (Kdenlive, Shotcut, melt) and GStreamer: one shared library per
        // transition, installed as shatter.so and shatter_dust.so by Tools/install-frei0r.sh (docs/frei0r.md).
        .library(name: "frei0r-shatter", type: .dynamic, targets: ["ShatterFrei0r", "Frei0rShatterKind"]),
        .library(name: "frei0r-shatter-dust", type: .dynamic, targets: ["ShatterFrei0r", "Frei0rDustKind"]),
        // The OBS Studio scene transition (OBS 29+): installed as shatter.so in OBS's plugin folder by
        // Tools/install-obs.sh (docs/obs.md).
        .library(name: "shatter-obs", type: .dynamic, targets: ["ShatterOBSModule", "ShatterOBS"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        // C at the edges. EGL, GLES and GBM are opened at run time (dlopen), never linked, so the
        // binary starts where no GL is installed; only the Khronos headers (libegl-dev, libgles-dev)
        // are needed to build.
        .target(name: "CShatterGL"),
        // libpng; shim.h keeps libpng's setjmp error handling inside C.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // libdeflate: the IDAT stream of written PNGs.
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // OpenSSL's libcrypto: SHA-256 with the CPU's SHA extensions, and nothing to compile (swift-crypto was
        // 476 of a consumer's 751 build steps; docs/ARCHITECTURE.md, "Dependencies").
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // libxxhash: XXH3-128, the frames' digests in manifests (seven to nine times cheaper than SHA-256 on a
        // 1080p frame; docs/frame-output.md says why a non-cryptographic hash is enough there).
        .systemLibrary(name: "CXXHash", pkgConfig: "libxxhash", providers: [.apt(["libxxhash-dev"])]),
        // The one instruction-set table of every C twin (cpu_tier.h): the tiers, each tier's target
        // attribute, and the processor probe, run once per process. Each C unit with twins depends on it
        // and exposes one `…_for(tier)` table of entry points; docs/ARCHITECTURE.md, "C speed-ups".
        .target(name: "CShatterCPU"),
        // XXH3-128's loop compiled from libxxhash's own header for each tier: the static archive the
        // GPU-box bundle links has only the SSE2 loop.
        .target(name: "CFastDigest", dependencies: ["CXXHash", "CShatterCPU"]),
        // Float <-> integer conversions of SIMD lanes, which Swift's SIMD types do element by element
        // (lanes.h), and the point sprites' and the dust's C stages, each one body compiled once per tier
        // (small_sprites.c, binned_sprites.c, dust_layers.c, dust_blend.c), and the dust's layer split (dust_split.c).
        .target(name: "CLanes", dependencies: ["CShatterCPU"]),
        // The PNG coder's C: the row filters of every level (png_filters.h) and the fast encoder behind
        // compression level 1 (Huffman coding with zero runs, no match search, fast_png.c) with the
        // opaque rows' packer, one body per tier like the sprite kernel.
        .target(name: "CFastPNG", dependencies: ["CDeflate", "CShatterCPU"]),

        // Premultiplied pixels to straight ones (PNG files, frei0r hosts), one body per tier.
        .target(name: "CAlpha", dependencies: ["CShatterCPU"]),
        // Swift with no rendering dependency; the processor's tier (CPUTier) from CShatterCPU's probe.
        .target(name: "ShatterCore", dependencies: ["CShatterCPU", "CAlpha"]),
        // CPU 2D drawing: canvas, bitmap font, contact sheets (artwork, labels, charts).
        .target(name: "ShatterDrawing", dependencies: ["ShatterCore"]),
        // Demo content: the original demo's screens, drawn by Shatter.
        .target(name: "ShatterScenes", dependencies: ["ShatterCore", "ShatterDrawing"]),
        // Image comparison: per-pixel difference, the fuzzy rule, SSIM, reports.
        .target(name: "ShatterCompare", dependencies: ["ShatterCore"]),
        // Core Animation's timing model; depends on nothing.
        .target(name: "ShatterAnimation"),
        .target(name: "ShatterEffects", dependencies: ["ShatterCore", "ShatterAnimation", "ShatterDrawing", "CLanes"]),
        // The point sprite's one home, for both backends: what a piece is and how it moves and is placed
        // (the motion program, the set-up, the lanes, the small-sprite kernel's vertex stage), run on the
        // CPU as the original's CPU runs it.
        .target(name: "ShatterPointSprites", dependencies: ["ShatterCore", "CLanes"]),
        .target(name: "ShatterSoftware", dependencies: ["ShatterCore", "ShatterShaders", "CLanes", "ShatterPointSprites"]),
        // Digests: XXH3-128 for manifests' frames (libxxhash, its loop from CFastDigest), SHA-256 for older manifests, goldens and inputs
        // (libcrypto).
        .target(name: "ShatterDigest", dependencies: ["ShatterCore", "CLibCrypto", "CXXHash", "CFastDigest"]),
        .target(name: "ShatterPNG", dependencies: ["ShatterCore", "CPNG", "CDeflate", "CFastPNG"]),

        // GLSL ES 3.00 programs, embedded in code at build time.
        .target(
            name: "ShatterShaders",
            path: "Shaders",
            exclude: ["README.md"],
            resources: [
                .embedInCode("point_sprite.vert"),
                .embedInCode("point_sprite.frag"),
                .embedInCode("textured_quad.frag"),
                .embedInCode("instanced_circle.vert"),
                .embedInCode("instanced_circle.frag"),
                .embedInCode("dust_layers.frag"),
                .embedInCode("covering_quad.vert"),
                .embedInCode("sdf_shape.frag"),
                .embedInCode("layer_quad.frag"),
            ]
        ),
        // The GL backend runs the pieces' motion on the CPU (ShatterPointSprites' PointMotionStage, the
        // CPU renderer's own vertex stage), as the original's CPU does, and only places them on the GPU.
        .target(name: "ShatterGL", dependencies: ["ShatterCore", "ShatterShaders", "CShatterGL", "ShatterPointSprites"]),

        // The umbrella, `import Shatter`, in rooms (folders): Render, Comparison, Video, Benchmark, Probe,
        // Support; docs/ARCHITECTURE.md draws their arrows and RoomArrowTests holds them.
        .target(
            name: "Shatter",
            dependencies: [
                "ShatterCore", "ShatterAnimation", "ShatterDrawing", "ShatterScenes", "ShatterCompare", "ShatterEffects",
                "ShatterPointSprites", "ShatterSoftware", "ShatterGL", "ShatterPNG", "ShatterDigest",
            ],
            // The WebGL2 player and the parity rule's twin the preview and check pages carry inline
            // (Preview/WebGLPage.swift).
            resources: [.embedInCode("Preview/player.js"), .embedInCode("Preview/parity.js")]
        ),
        // frei0r's C interface (the system's frei0r.h, frei0r-plugins-dev) and the one function each plugin's
        // library defines to say which transition it is.
        .target(name: "CFrei0r"),
        // The frei0r plugins' body: the C functions a host calls, drawing on the CPU renderer. Only the
        // rendering modules, so the plugin needs nothing but libc, libm, libstdc++ and libgcc_s once the
        // Swift standard library is linked in statically.
        .target(
            name: "ShatterFrei0r",
            dependencies: ["CFrei0r", "ShatterCore", "ShatterAnimation", "ShatterEffects", "ShatterSoftware"]),
        // Each plugin's one difference: which transition its library is.
        .target(name: "Frei0rShatterKind"),
        .target(name: "Frei0rDustKind"),
        // The OBS transition: its pieces' motion in Swift (the CLI's own), behind a C interface
        // (CShatterOBS's shatter_obs.h) that the module's C half (ShatterOBSModule: OBS's module and
        // source functions, drawing with OBS's graphics) calls. The C half compiles only where libobs'
        // headers are (libobs-dev), so the package builds without them; its libobs symbols are bound
        // when OBS loads it.
        .target(name: "CShatterOBS"),
        .target(
            name: "ShatterOBS",
            dependencies: ["CShatterOBS", "ShatterCore", "ShatterAnimation", "ShatterEffects", "ShatterPointSprites"]),
        .target(name: "ShatterOBSModule", dependencies: ["CShatterOBS"]),
        .executableTarget(
            name: "shatter",
            dependencies: ["Shatter", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // Golden-image checks for tests, by a FuzzyRule, writing expected/actual/diff on failure.
        .target(name: "ShatterTesting", dependencies: ["ShatterCore", "ShatterCompare", "ShatterPNG"]),
        // The same as a swift-snapshot-testing strategy: assertSnapshot(of: image, as: .fuzzy(.parity)).
        .target(
            name: "ShatterSnapshotTesting",
            dependencies: [
                "ShatterTesting", "ShatterCore", "ShatterCompare", "ShatterPNG", "ShatterDigest",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]
        ),

        // Helpers shared by the test targets: effect fixtures, whether GL works, temporary folders, PNG
        // building, CRC.
        .target(
            name: "ShatterTestSupport",
            dependencies: ["ShatterCore", "ShatterAnimation", "ShatterScenes", "ShatterCompare", "ShatterEffects", "ShatterGL"],
            path: "Tests/ShatterTestSupport"),
        // Regression benchmarks of the core paths: `swift run -c release shatter-benchmarks`.
        .executableTarget(name: "shatter-benchmarks", dependencies: ["Shatter"]),

        .testTarget(name: "ShatterCoreTests", dependencies: ["ShatterCore", "ShatterTestSupport"]),
        .testTarget(name: "ShatterDrawingTests", dependencies: ["ShatterDrawing"]),
        .testTarget(name: "ShatterScenesTests", dependencies: ["ShatterScenes"]),
        .testTarget(name: "ShatterCompareTests", dependencies: ["ShatterCompare"]),
        .testTarget(name: "ShatterAnimationTests", dependencies: ["ShatterAnimation", "ShatterTestSupport"]),
        .testTarget(name: "ShatterEffectsTests", dependencies: ["ShatterEffects", "ShatterAnimation", "ShatterTestSupport"]),
        .testTarget(
            name: "ShatterSoftwareTests",
            dependencies: [
                "ShatterSoftware", "ShatterPointSprites", "ShatterEffects", "ShatterCompare", "ShatterPNG", "ShatterDigest",
                "ShatterTestSupport",
            ],
            exclude: ["Goldens"]),  // read by path (GoldenFile.swift), so re-recording writes the checked-in file
        .testTarget(name: "ShatterPNGTests", dependencies: ["ShatterPNG", "ShatterCore", "CPNG", "ShatterTestSupport"]),
        .testTarget(name: "ShatterGLTests", dependencies: ["ShatterGL", "Shatter", "ShatterTestSupport", "ShatterTesting"]),
        .testTarget(name: "ShatterTests", dependencies: ["Shatter", "ShatterDigest", "ShatterTestSupport"]),
        // The plugins' body; the kind target gives it the one symbol each plugin library defines.
        .testTarget(
            name: "ShatterFrei0rTests",
            dependencies: ["ShatterFrei0r", "Frei0rShatterKind", "ShatterCore", "ShatterEffects", "ShatterSoftware"]),
        // The OBS transition's pieces: the quads over the pixels the CLI's point sprites cover.
        .testTarget(
            name: "ShatterOBSTests",
            dependencies: ["ShatterOBS", "CShatterOBS", "ShatterCore", "ShatterEffects", "ShatterPointSprites"]),
        .testTarget(name: "shatterCLITests", dependencies: ["Shatter", "shatter", "ShatterTestSupport"]),
        // The scripts under Tools/ (Tools/README.md), each run on a copy of what it needs.
        .testTarget(name: "ToolsTests", dependencies: ["ShatterTestSupport"]),
        // ShatterTesting and ShatterSnapshotTesting as a user's test target uses them (the README's samples).
        .testTarget(
            name: "ShatterTestingTests",
            dependencies: [
                "Shatter", "ShatterTesting", "ShatterSnapshotTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__", "Goldens"]  // recorded images, read by path
        ),
    ],
    swiftLanguageModes: [.v6]
)
