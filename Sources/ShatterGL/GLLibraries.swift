import CShatterGL

/// EGL and GLES are opened at run time (`CShatterGL`), so a machine without them still runs the
/// CPU renderer; this is where their absence becomes a typed error, before any EGL call.
enum GLLibraries {
    /// Opens libEGL and libGLESv2 once per process and finds every entry point Shatter uses.
    static func load() throws {
        switch shatter_gl_load() {
        case Int32(SHATTER_GL_LOADED):
            return
        case Int32(SHATTER_GL_SYMBOL_MISSING):
            throw GLError.entryPointMissing(
                library: string(shatter_gl_failed_library()),
                name: string(shatter_gl_failed_symbol()))
        default:
            throw GLError.libraryMissing(
                library: string(shatter_gl_failed_library()),
                reason: string(shatter_gl_load_message()))
        }
    }

    /// libgbm, which only EGL's GBM platform needs: nil when loaded, else why not.
    static func loadGBM() -> String? {
        shatter_gbm_load() == Int32(SHATTER_GL_LOADED) ? nil : string(shatter_gbm_load_message())
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? "?"
    }
}
