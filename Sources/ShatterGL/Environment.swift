import Glibc

/// One environment variable, or nil.
func getenvString(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

/// The variables among `names` that are set, as a dictionary (what the pure device and diagnosis
/// rules take).
func environment(_ names: [String]) -> [String: String] {
    var values: [String: String] = [:]
    for name in names { values[name] = getenvString(name) }
    return values
}
