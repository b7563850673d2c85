/// How a process that writes frames keeps its frame-sized buffers (a PNG's filtered rows and output,
/// the compressor's tables) from being handed back to the kernel after every frame.
///
/// glibc serves blocks above its mmap threshold (128 KiB, adjusted upward on the main heap only) with
/// fresh mappings and unmaps them on free; the encoding threads' own heaps are trimmed back too. So a
/// 1080p frame's 8 MiB of scratch was faulted in page by page, zeroed by the kernel, every frame:
/// about 2,100 page faults a frame, some 14% of a render's CPU time at point size 16. Keeping freed
/// blocks in the heaps lets the next frame's buffers land on pages already mapped.
public enum FrameMemory {
    /// Blocks up to 32 MiB (glibc's ceiling for this setting; a 4K RGBA frame is 33 MB) come from the
    /// heaps, and a heap keeps up to 512 MiB free at its top. Process-wide: for the CLI's `main`, not
    /// for a library to call behind its host's back.
    public static func keepFreedFrameBuffers() {
        _ = mallopt(mmapThreshold, 32 * 1024 * 1024)
        _ = mallopt(trimThreshold, 512 * 1024 * 1024)
    }

    // <malloc.h>'s M_MMAP_THRESHOLD and M_TRIM_THRESHOLD; Glibc's module does not export malloc.h.
    private static let mmapThreshold: Int32 = -3
    private static let trimThreshold: Int32 = -1
}

/// glibc's `int mallopt(int param, int value)`.
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
