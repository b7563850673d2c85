#if canImport(Glibc)
    import Glibc
#endif

extension Image {
    /// `count` bytes of new storage, which `initialize` must write whole (the allocator's bytes are
    /// left in it otherwise). Storage of a frame's size asks the kernel for huge pages, before any byte
    /// of it is touched, on the 2 MiB-aligned stretch inside it (`madvise(MADV_HUGEPAGE)`; a kernel
    /// whose transparent huge pages are set to `madvise`, as this project's machines are, gives them
    /// only to regions that ask): a 1080p frame's 8 MiB then faults in as three huge pages and some
    /// 500 small ones, not 2,025 small ones, about 2 ms less of kernel time for each of the frame
    /// buffers a render makes (docs/speed.md). Elsewhere, or where the kernel says no, the pages are
    /// the usual ones, and the bytes the same.
    package static func storage(count: Int, initialize: (UnsafeMutableBufferPointer<UInt8>) -> Void) -> [UInt8] {
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
