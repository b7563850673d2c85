import Glibc

/// NVIDIA's EGL as libglvnd would load it: the vendor file that names it (`10_nvidia.json`) and whether
/// its library (`libEGL_nvidia.so.0`) loads. On GPU nodes the usual failure is a vendor file mounted
/// without the driver's libraries on the library path (GKE mounts them in `/usr/local/nvidia/lib64`),
/// after which libglvnd silently falls back to Mesa, or to nothing.
enum NVIDIAVendorLibrary {
    struct Unloadable: Equatable {
        let vendorFile: String
        let library: String
        /// The dynamic loader's words.
        let loader: String
    }

    /// The vendor file naming NVIDIA's EGL and why its library does not load; nil when there is no such
    /// file or the library loads.
    static func unloadable() -> Unloadable? {
        guard let (file, library) = vendorFile(in: SoftwareGLDiagnosis.Facts.vendorFiles().0) else { return nil }
        if let handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL) {
            dlclose(handle)
            return nil
        }
        let loader = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
        return Unloadable(vendorFile: file, library: library, loader: loader)
    }

    /// The first of `files` whose library is NVIDIA's EGL, with that library's name.
    static func vendorFile(in files: [String]) -> (file: String, library: String)? {
        for file in files {
            if let text = readSmallFile(file), let library = libraryPath(inVendorFile: text), library.contains("libEGL_nvidia") {
                return (file, library)
            }
        }
        return nil
    }

    /// The `"library_path"` value of a libglvnd vendor file (a small JSON object), without a JSON parser:
    /// the first string after the key.
    static func libraryPath(inVendorFile text: String) -> String? {
        guard let key = text.firstRange(of: "\"library_path\"") else { return nil }
        let rest = text[key.upperBound...].drop { $0 == " " || $0 == ":" || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard rest.first == "\"" else { return nil }
        let value = rest.dropFirst().prefix { $0 != "\"" }
        return value.isEmpty ? nil : String(value)
    }
}
