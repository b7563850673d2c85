import Foundation
import Testing

/// The scheduler files in Tools/cluster: valid for their tools, and the Slurm script's mechanics
/// run here with the environment Slurm would give each array task.
@Suite struct ClusterFilesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    let slurm = repository + "/Tools/cluster/shatter-array.sbatch"
    let kubernetes = repository + "/Tools/cluster/shatter-indexed-job.yaml"

    @Test func theSlurmScriptPassesBashAndShellcheck() throws {
        let syntax = try Tool.run("bash", ["-n", slurm])
        #expect(syntax?.status == 0, "\(syntax?.output ?? "")")
        #expect(try String(contentsOfFile: slurm, encoding: .utf8).contains("backend=${SHATTER_BACKEND:-gpu}"))
        guard let lint = try Tool.run("shellcheck", [slurm, Self.repository + "/Tools/bundle.sh", Self.repository + "/Tools/setup.sh",
                                                    Self.repository + "/Tools/without-gl.sh"]) else {
            print("skipped shellcheck: not installed (Tools/setup.sh installs it)")
            return
        }
        #expect(lint.status == 0, "\(lint.output)")
    }

    @Test func theKubernetesJobPassesTheSchemaCheck() throws {
        guard let check = try Tool.run("kubernetes-validate", ["--strict", kubernetes]) else {
            print("skipped Kubernetes schema check: kubernetes-validate is not installed (pip install kubernetes-validate)")
            return
        }
        #expect(check.status == 0, "\(check.output)")
        // What makes it a sharded render on GPU nodes, whatever the schema allows.
        let text = try String(contentsOfFile: kubernetes, encoding: .utf8)
        #expect(text.contains("completionMode: Indexed") && text.contains("nvidia.com/gpu: 1"))
        #expect(text.contains("--shards=8") && text.contains("completions: 8") && text.contains("mountPath: /out"))
        // Hardware GL only, and never on nodes whose GPUs are MIG slices (no EGL there).
        #expect(text.contains("--backend=gpu"))
        #expect(text.contains("key: nvidia.com/mig.strategy") && text.contains("operator: NotIn") && text.contains(#"values: ["single"]"#))
    }

    @Test func slurmArrayTasksRunLocallyMergeIntoTheWholeRender() throws {
        let scratch = try Scratch()
        let out = scratch.file("frames")
        for task in 1...3 {  // sbatch --array=1-3
            let run = try Tool.run(slurm, ["shatter", "--size", "32x24", "--fps", "10"], environment: [
                "SLURM_ARRAY_TASK_ID": "\(task)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3",
                "SHATTER_BIN": CLIRun.binary, "SHATTER_OUT": out, "SHATTER_BACKEND": "cpu",
            ])
            #expect(run?.status == 0, "\(run?.output ?? "")")
        }
        #expect(scratch.allContents(of: out) == ["shard-0", "shard-1", "shard-2"])
        #expect(scratch.allContents(of: out + "/shard-2").first == "frame-00002.png")
        let merge = try CLIRun.shatter(["manifest", "merge", out + "/shard-0", out + "/shard-1", out + "/shard-2"])
        #expect(merge.status == 0 && merge.stdout.hasPrefix("Merged 3 manifests: 13 of 13 frames"), "\(merge.stdout)")
    }
}

/// Runs a command found on PATH (or a path), output and errors together; nil when it is not installed.
enum Tool {
    /// `environment` is added to this process's, or is the whole environment when `inherit` is false.
    static func run(_ name: String, _ arguments: [String], environment: [String: String] = [:], inherit: Bool = true,
                    directory: String? = nil) throws -> (status: Int32, output: String)? {
        guard let path = name.contains("/") ? name : locate(name) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = inherit ? ProcessInfo.processInfo.environment.merging(environment) { $1 } : environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    static func locate(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
