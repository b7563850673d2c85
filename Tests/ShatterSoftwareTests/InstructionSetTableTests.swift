import Foundation
import Testing

/// One instruction-set table: every C twin (the sprite kernels, the dust's rows, the PNG encoder and
/// packer, the digest's loop) is compiled with a target attribute from `cpu_tier.h`, and the processor
/// is probed for every feature those attributes name, so no twin can use an instruction the probe never
/// asked about (the PNG encoder's AVX2 twin once named BMI2, which nothing checked). And the C targets
/// are modules: each reaches another's headers only by depending on it, and each unit with twins offers
/// them as one `…_for(shatter_tier)` table.
@Suite struct InstructionSetTableTests {
    /// Each tier of `cpu_tier.h` (its feature macro): the features its target attribute names, and the
    /// /proc/cpuinfo flag that says a processor has each (`BuildTargetTests` holds the probe to them).
    static let tiers: [String: [String: String]] = [
        "SHATTER_AVX2_FEATURES": ["avx2": "avx2", "fma": "fma", "bmi": "bmi1", "bmi2": "bmi2"],
        "SHATTER_AVX512_FEATURES": [
            "avx2": "avx2", "fma": "fma", "bmi": "bmi1", "bmi2": "bmi2", "avx512f": "avx512f", "avx512bw": "avx512bw",
            "avx512vl": "avx512vl", "avx512dq": "avx512dq",
        ],
    ]

    static let table = "Sources/CShatterCPU/include/cpu_tier.h"

    /// The C sources' target attributes are the table's and nowhere else: a twin names a tier's macro.
    @Test func everyTargetAttributeIsTheTables() throws {
        let root = ShaderTwinTests.root
        let files = try FileManager.default.subpathsOfDirectory(atPath: root + "/Sources").filter {
            $0.hasPrefix("C") && ($0.hasSuffix(".c") || $0.hasSuffix(".h"))
        }
        #expect(files.count > 5, "\(files)")
        var stray: [String] = []
        for file in files {
            let text = try #require(ShaderTwinTests.read(root + "/Sources/" + file))
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("target(") && !line.hasPrefix("#define SHATTER_TARGET_") {
                stray.append("Sources/\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(stray.isEmpty, "target attributes outside \(Self.table)'s table: \(stray)")
    }

    /// The table's feature lists are the tiers above, each feature with a flag the probe is held to.
    @Test func everyFeatureOfTheTableIsProbed() throws {
        let text = try #require(ShaderTwinTests.read(ShaderTwinTests.root + "/" + Self.table))
        for (tier, features) in Self.tiers {
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("#define \(tier) ") }, "\(tier)")
            let named = line.split(separator: "\"")[1].split(separator: ",").map(String.init)
            #expect(Set(named) == Set(features.keys), "\(tier) names \(named); the tests know \(features.keys.sorted())")
        }
    }

    /// Package.swift's C targets and the targets each depends on.
    static func cTargets() throws -> [String: [String]] {
        let package = try #require(ShaderTwinTests.read(ShaderTwinTests.root + "/Package.swift"))
        var targets: [String: [String]] = [:]
        for declaration in package.components(separatedBy: ".target(").dropFirst() {
            let name = declaration.split(separator: "\"")[1]
            guard name.hasPrefix("C") else { continue }
            let head = declaration.prefix { $0 != ")" }
            let dependencies = head.components(separatedBy: "dependencies: [").dropFirst().first?
                .prefix { $0 != "]" }.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter {
                    $0.offset % 2 == 1
                }.map { String($0.element) }
            targets[String(name)] = dependencies ?? []
        }
        return targets
    }

    /// No target reaches into another's folder: Package.swift names no header search path out of a
    /// target, and every C file's quoted include is its own target's or a public header of a C target it
    /// depends on (a system library's shim is no such header: it adds no include path).
    @Test func cTargetsIncludeOnlyTheirOwnAndTheirDependenciesHeaders() throws {
        let root = ShaderTwinTests.root
        let package = try #require(ShaderTwinTests.read(root + "/Package.swift"))
        #expect(!package.contains("headerSearchPath(\"..") && !package.contains("unsafeFlags"))
        let targets = try Self.cTargets()
        #expect(targets["CLanes"] == ["CShatterCPU"], "\(targets)")
        let manager = FileManager.default
        var stray: [String] = []
        for (target, dependencies) in targets {
            let folder = root + "/Sources/" + target
            let files = try manager.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".c") || $0.hasSuffix(".h") }
            for file in files {
                let text = try #require(ShaderTwinTests.read(folder + "/" + file))
                let directory = (file as NSString).deletingLastPathComponent
                for line in text.split(separator: "\n") where line.hasPrefix("#include \"") {
                    let header = String(line.split(separator: "\"")[1])
                    let places =
                        [folder + "/" + directory, folder + "/include"] + dependencies.map { root + "/Sources/\($0)/include" }
                    if header.contains("/") || !places.contains(where: { manager.fileExists(atPath: $0 + "/" + header) }) {
                        stray.append("Sources/\(target)/\(file): \(line)")
                    }
                }
            }
        }
        #expect(stray.isEmpty, "includes from outside the target and its dependencies: \(stray)")
    }

    /// Every C target with twins depends on the table's target and offers them the one way: a public
    /// `…_for(shatter_tier tier)` function per unit, and no entry point that takes a flag or a tier
    /// number on each call.
    @Test func everyUnitWithTwinsOffersOneTablePerTier() throws {
        let root = ShaderTwinTests.root
        var units: [String] = []
        for (target, dependencies) in try Self.cTargets() where target != "CShatterCPU" {
            let folder = root + "/Sources/" + target
            let sources = try FileManager.default.subpathsOfDirectory(atPath: folder).filter {
                $0.hasSuffix(".c") || $0.hasSuffix(".h")
            }
            let texts = try sources.map { try #require(ShaderTwinTests.read(folder + "/" + $0)) }
            guard texts.contains(where: { $0.contains("SHATTER_TARGET_") }) else { continue }
            #expect(dependencies.contains("CShatterCPU"), "\(target) has twins but does not depend on CShatterCPU")
            let headers = zip(sources, texts).filter { $0.0.hasPrefix("include/") }.map(\.1).joined()
            for line in headers.split(separator: "\n") where line.contains("_for(shatter_tier tier);") {
                units.append("\(target): \(line)")
            }
            for flag in ["int avx2)", "int tier)", "int level)"] {
                #expect(!headers.contains(flag), "\(target)'s headers take `\(flag)` per call")
            }
        }
        #expect(units.count == 9, "\(units)")
    }
}
