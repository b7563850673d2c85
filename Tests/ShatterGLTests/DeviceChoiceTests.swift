import Foundation
import ShatterTestSupport
import Testing

@testable import ShatterGL

/// Which EGL device renders: the scheduler's GPU first, hardware only, every candidate in turn. The
/// rules are pure functions of plain values; the last tests run the real enumeration on Mesa.
@Suite struct DeviceChoiceTests {
    static let nvidia0 = EGLDeviceDescription(
        index: 0, extensions: ["EGL_NV_device_cuda", "EGL_EXT_device_drm"],
        cudaDevice: 1, uuid: "aaaaaaaa-0000-0000-0000-000000000000", nvidiaMinor: 0)
    static let nvidia1 = EGLDeviceDescription(
        index: 1, extensions: ["EGL_NV_device_cuda", "EGL_EXT_device_drm"],
        cudaDevice: 0, uuid: "bbbbbbbb-0000-0000-0000-000000000000", nvidiaMinor: 3)
    static let mesaSoftware = EGLDeviceDescription(index: 2, extensions: ["EGL_MESA_device_software"])
    static let unreadable = EGLDeviceDescription(index: 3, extensions: [], stringsReadable: false)

    @Test func theSchedulersGPUIsReadFromEachVariable() {
        #expect(SchedulerGPU.from(environment: [:]) == nil)
        #expect(SchedulerGPU.from(environment: ["CUDA_VISIBLE_DEVICES": "2,3"])?.keys == [.cudaOrdinal(0)])
        let uuid = SchedulerGPU.from(environment: ["CUDA_VISIBLE_DEVICES": "GPU-BBBBBBBB-0000-0000-0000-000000000000"])
        #expect(uuid?.keys == [.cudaOrdinal(0), .uuid("bbbbbbbb-0000-0000-0000-000000000000")])
        #expect(SchedulerGPU.from(environment: ["NVIDIA_VISIBLE_DEVICES": "3"])?.keys == [.minor(3)])
        #expect(SchedulerGPU.from(environment: ["NVIDIA_VISIBLE_DEVICES": "all"]) == nil)
        #expect(SchedulerGPU.from(environment: ["SLURM_JOB_GPUS": "5,6"])?.keys == [.minor(5)])
        // The step's GPUs win over the job's.
        #expect(SchedulerGPU.from(environment: ["SLURM_STEP_GPUS": "6", "SLURM_JOB_GPUS": "5,6"])?.keys == [.minor(6)])
        // Slurm's "no GPU" spellings name nothing.
        #expect(SchedulerGPU.from(environment: ["CUDA_VISIBLE_DEVICES": "NoDevFiles"]) == nil)
        #expect(SchedulerGPU.from(environment: ["CUDA_VISIBLE_DEVICES": "-1"]) == nil)
        let mig = SchedulerGPU.from(environment: ["CUDA_VISIBLE_DEVICES": "MIG-0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"])
        #expect(mig?.isMIGSlice == true)
        #expect(mig?.source == "CUDA_VISIBLE_DEVICES=MIG-0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0")
    }

    @Test func hardwareDevicesGoInEGLOrderWithoutAScheduler() {
        let plan = DevicePlan(devices: [Self.nvidia0, Self.nvidia1, Self.mesaSoftware, Self.unreadable], scheduler: nil)
        #expect(plan.candidates == [0, 1])
        #expect(plan.skipped[2] == "software rasteriser")
        // A device whose string query fails is not counted as hardware.
        #expect(plan.skipped[3]?.hasPrefix("its EGL strings cannot be read") == true)
    }

    @Test(arguments: [
        (["CUDA_VISIBLE_DEVICES": "3"], 1),  // CUDA ordinal 0 is EGL device 1
        (["NVIDIA_VISIBLE_DEVICES": "GPU-aaaaaaaa-0000-0000-0000-000000000000"], 0),  // by UUID
        (["SLURM_STEP_GPUS": "3"], 1),  // by /dev/nvidia3
        (["NVIDIA_VISIBLE_DEVICES": "GPU-bbbb"], 1),  // by a UUID prefix, as CUDA takes them
        (["NVIDIA_VISIBLE_DEVICES": "GPU-AAAAAAAA-00"], 0),
        (
            [
                "CUDA_VISIBLE_DEVICES": "0", "SLURM_STEP_GPUS": "0",  // two keys beat one
                "NVIDIA_VISIBLE_DEVICES": "GPU-aaaaaaaa-0000-0000-0000-000000000000",
            ], 0
        ),
    ])
    func theSchedulersGPUIsTriedFirstAndTheOthersLeftAlone(environment: [String: String], expected: Int) throws {
        let scheduler = try #require(SchedulerGPU.from(environment: environment))
        let plan = DevicePlan(devices: [Self.nvidia0, Self.nvidia1, Self.mesaSoftware], scheduler: scheduler)
        #expect(plan.candidates.first == expected)
        if plan.candidates.count == 1 {
            #expect(plan.skipped[1 - expected]?.hasPrefix("not the scheduler's GPU (") == true)
        }
    }

    @Test func aSchedulerGPUThatMatchesNoDeviceLeavesEGLOrder() {
        // Mesa's devices report no CUDA ordinal, UUID or minor: nothing to match, so nothing is excluded.
        let mesa = [
            EGLDeviceDescription(index: 0, extensions: ["EGL_EXT_device_drm"]),
            EGLDeviceDescription(index: 1, extensions: ["EGL_EXT_device_drm"]),
        ]
        let scheduler = SchedulerGPU.from(environment: ["CUDA_VISIBLE_DEVICES": "1"])
        #expect(scheduler != nil)
        let plan = DevicePlan(devices: mesa, scheduler: scheduler)
        #expect(plan.candidates == [0, 1])
        #expect(plan.skipped.isEmpty)
    }

    @Test func uuidsReadAndPrintLikeNVIDIAs() {
        #expect(SchedulerGPU.formatUUID(Array(0..<16)) == "00010203-0405-0607-0809-0a0b0c0d0e0f")
        #expect(SchedulerGPU.uuid("GPU-0001020A-0405-0607-0809-0a0b0c0d0e0f") == "0001020a-0405-0607-0809-0a0b0c0d0e0f")
        // CUDA accepts any unique prefix of the UUID; anything that cannot start one is no UUID.
        #expect(SchedulerGPU.uuid("GPU-123") == "123")
        #expect(SchedulerGPU.uuid("GPU-0001020a-04") == "0001020a-04")
        for bad in ["GPU-", "GPU-xyz", "GPU-123456789", "GPU-0001020a-0405-0607-0809-0a0b0c0d0e0f0", "gpu-123"] {
            #expect(SchedulerGPU.uuid(Substring(bad)) == nil, "\(bad)")
        }
    }

    @Test func theNVIDIAMinorIsFoundFromTheDRMNodeThroughSysfs() throws {
        let root = NSTemporaryDirectory() + "shatter-sysfs-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let pci = root + "/sys/devices/pci0000:00/0000:3b:00.0"
        let gpus = root + "/proc/driver/nvidia/gpus/0000:3b:00.0"
        for folder in [pci, gpus, root + "/sys/class/drm/card1"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(atPath: root + "/sys/class/drm/card1/device", withDestinationPath: pci)
        try "Model: \t\t NVIDIA H100 80GB HBM3\nIRQ:   \t\t 151\nDevice Minor: \t 2\n"
            .write(toFile: gpus + "/information", atomically: true, encoding: .utf8)
        #expect(NVIDIADeviceMinor.lookup(drmDevice: "/dev/dri/card1", root: root) == 2)
        #expect(NVIDIADeviceMinor.lookup(drmDevice: "/dev/dri/card0", root: root) == nil)
    }

    @Test func aSoftwareGLIsExplainedByWhatTheMachineShows() {
        typealias Facts = SoftwareGLDiagnosis.Facts
        let bare = SoftwareGLDiagnosis.likelyCauses(Facts())
        #expect(
            bare == [
                "no GPU device node (/dev/nvidia*, /dev/dri/renderD*) is visible: the GPU was not passed into this machine or container"
            ])

        let noVendor = SoftwareGLDiagnosis.likelyCauses(
            Facts(nvidiaNodes: ["/dev/nvidia0"], vendorSearch: "/usr/share/glvnd/egl_vendor.d"))
        #expect(noVendor.count == 1 && noVendor[0].contains("no EGL vendor file names libEGL_nvidia (10_nvidia.json"))

        let registered = Facts(
            nvidiaNodes: ["/dev/nvidia0"], nvidiaVendorFile: "/usr/share/glvnd/egl_vendor.d/10_nvidia.json",
            environment: ["NVIDIA_DRIVER_CAPABILITIES": "compute,utility"],
            deviceFailures: ["device 0 (NVIDIA): EGL eglInitialize failed"])
        #expect(
            SoftwareGLDiagnosis.likelyCauses(registered) == [
                "NVIDIA_DRIVER_CAPABILITIES=compute,utility lacks graphics, so the NVIDIA container toolkit did not mount the driver's EGL",
                "device 0 (NVIDIA): EGL eglInitialize failed",
            ])

        let mig = SoftwareGLDiagnosis.likelyCauses(
            Facts(
                nvidiaNodes: ["/dev/nvidia0"], nvidiaVendorFile: "10_nvidia.json",
                environment: ["NVIDIA_VISIBLE_DEVICES": "MIG-1234"]))
        #expect(mig.first?.hasPrefix("the scheduler assigned a MIG slice (NVIDIA_VISIBLE_DEVICES=MIG-1234)") == true)
        // Everything set up and nothing failed, yet no hardware device: said as such.
        let quiet = SoftwareGLDiagnosis.likelyCauses(Facts(renderNodes: ["/dev/dri/renderD128"]))
        #expect(quiet == ["no hardware EGL device is listed on this machine"])
    }
}

/// The same choice on the real EGL here (Mesa enumerates its software device through
/// EGL_EXT_device_enumeration).
@Suite(.enabled(if: GLSupport.isAvailable, "no EGL context can be made on this machine (reason printed above)"))
struct DeviceEnumerationTests {
    @Test func mesasSoftwareDeviceIsListedReadableAndNotHardware() throws {
        let gl = try GLRenderer()
        guard gl.info.vendor.contains("Mesa") else { return }
        let software = try #require(gl.info.devices.first { $0.isSoftware }, "\(gl.info.devices)")
        #expect(software.stringsReadable && !software.isHardware)
        #expect(gl.info.deviceNotes[software.index] == "skipped: software rasteriser")
        if !gl.info.devices.contains(where: \.isHardware) {
            #expect(gl.info.platform == "surfaceless")
            #expect(gl.info.failedAttempts.contains("device: no hardware EGL device"))
        }
    }

    @Test func anExplicitSoftwareDeviceIsTakenAsAsked() throws {
        let probe = try GLRenderer()
        guard let software = probe.info.devices.first(where: \.isSoftware) else { return }
        let gl = try GLRenderer(options: .init(deviceIndex: software.index))
        #expect(gl.info.platform == "device \(software.index)")
        #expect(gl.info.deviceNotes[software.index] == "used")
        #expect(gl.info.isSoftwareRasterizer)
    }

    @Test func gpuOnlyRefusesTheSoftwareRasterizerNamingIt() throws {
        let probe = try GLRenderer()
        guard probe.info.isSoftwareRasterizer else { return }
        #expect {
            try GLRenderer(options: .init(requireHardware: true))
        } throws: { error in
            guard case GLError.softwareRasterizerOnly(let renderer, _, let causes) = error else { return false }
            let text = "\(error)"
            return renderer == probe.info.renderer && !causes.isEmpty && text.contains("llvmpipe") && !text.contains("--")
        }
    }
}
