/// Shatter's version, as `shatter --version` prints it and manifests and benchmark reports record it.
public enum ShatterVersion {
    public static let current = "0.10.0"
}
