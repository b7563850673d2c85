import Foundation
import Glibc

/// A file a command will write (a video, a contact sheet, a chart), checked before any work is done so
/// a long render never ends in "cannot write".
public enum OutputFile {
    /// The file's folder must exist and be writable, and the path must not be a folder.
    public static func checkWritable(_ path: String) throws(OutputFolderError) {
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw .cannotWriteFile(path: path, reason: "it is a folder")
        }
        let folder = (path as NSString).deletingLastPathComponent
        guard access(folder.isEmpty ? "." : folder, W_OK | X_OK) == 0 else {
            throw .cannotWriteFile(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
