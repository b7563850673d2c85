#if canImport(Glibc)
    import Glibc
#endif

extension Image {
    /// `count` bytes of new storage, which `initialize` must write whole (the allocator's bytes are
    /// left in it otherwise). Storage of a frame's size asks the kernel for huge pages, before any byte
    /// of it is touched, on the 2 MiB-aligned stretch inside it (`madvise(MADV_HUGEPAGE)`, which a
    /// kernel whose transparent huge pages are set to `madvise`, Debian's default, waits for): a 1080p
    /// frame's 8 MiB then faults in as four pages or five, not 2,025 pages of 4 KiB, which cost the
    /// render's frame buffers about 2 ms of kernel time each (docs/speed.md). Elsewhere, or where the
    /// kernel says no, the pages are the usual ones.
    static func storage(count: Int, initialize: (UnsafeMutableBufferPointer<UInt8>) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            #if os(Linux)
                let huge = 2 << 20
                if count >= 2 * huge, let base = buffer.baseAddress {
                    let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
                    let end = (Int(bitPattern: base) + count) & ~(huge - 1)
                    if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE) }
                }
            #endif
            initialize(UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
            initialized = count
        }
    }

}
