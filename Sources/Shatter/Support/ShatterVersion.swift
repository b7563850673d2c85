/// Shatter's version, as the command-line tool prints it and manifests and benchmark reports record it.
public enum ShatterVersion {
    public static let current = "0.17.0"
}
