import Foundation
import Glibc

/// A folder only this process made (`mkdtemp`, mode 0700, a random name), removed when `body` returns:
/// a name no one else can guess or plant beforehand, and removal that can never reach a folder this
/// process did not create.
public enum PrivateTemporaryFolder {
    public static func with<T>(prefix: String, _ body: (String) throws -> T) throws -> T {
        var template = Array((NSTemporaryDirectory() + prefix + "-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw OutputFolderError.cannotCreate(
                path: NSTemporaryDirectory() + prefix + "-XXXXXX",
                reason: String(cString: strerror(errno)))
        }
        let path = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }
}
