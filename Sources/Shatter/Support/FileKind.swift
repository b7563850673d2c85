import Glibc

/// What is at a path, links not followed: a manifest's frames, a folder's PNGs and the frames a merge
/// gathers must be regular files there, not links out of the folder, FIFOs or devices.
enum FileKind: Equatable {
    case missing
    case regular
    case directory
    /// A symbolic link, FIFO, socket or device.
    case other

    init(path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            self = .missing
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        default: self = .other
        }
    }
}
