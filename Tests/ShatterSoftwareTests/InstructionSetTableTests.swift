import Foundation
import Testing

/// One instruction-set table: every C twin (the small-sprite kernel, the binned stage, the PNG encoder)
/// is compiled with a target attribute from `cpu.h`, and the processor is probed for every feature those
/// attributes name, so no twin can use an instruction the probe never asked about (the PNG encoder's
/// AVX2 twin once named BMI2, which nothing checked).
@Suite struct InstructionSetTableTests {
    /// Each tier of `cpu.h` (its feature macro): the features its target attribute names, and the
    /// /proc/cpuinfo flag that says a processor has each (`BuildTargetTests` holds the probe to them).
    static let tiers: [String: [String: String]] = [
        "SHATTER_AVX2_FEATURES": ["avx2": "avx2", "fma": "fma", "bmi": "bmi1", "bmi2": "bmi2"],
        "SHATTER_AVX512_FEATURES": [
            "avx2": "avx2", "fma": "fma", "bmi": "bmi1", "bmi2": "bmi2", "avx512f": "avx512f", "avx512bw": "avx512bw",
            "avx512vl": "avx512vl", "avx512dq": "avx512dq",
        ],
    ]

    static let table = "Sources/CLanes/include/cpu.h"

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
}
