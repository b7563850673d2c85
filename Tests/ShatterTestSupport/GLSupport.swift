import ShatterGL

/// Whether this machine can make an EGL context at all. GL tests are skipped (with the reason
/// printed) only where none can be made; everywhere else they run on the real driver.
public enum GLSupport {
    public static let unavailableReason: String? = {
        do {
            _ = try GLRenderer()
            return nil
        } catch {
            let reason = "GL tests skipped: no EGL context could be made here: \(error)"
            print(reason)
            return reason
        }
    }()

    public static var isAvailable: Bool { unavailableReason == nil }
}
