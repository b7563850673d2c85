#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporaries this process has made and not yet renamed into place or removed
/// (`.<name>.tmp-<pid>-<random>`, ``FolderHandle/open(_:_:readable:)`` with `.new`), so that a process
/// told to stop while it cannot finish (a read that never returns) can remove them on its way out:
/// nothing half-written is left, not even under a hidden name.
///
/// Creating, renaming and removing a temporary all take one lock, and the sweep holds it until the
/// process is gone: a temporary is either swept or already renamed whole, and none is made after.
extension FolderHandle {
    private struct Entry {
        let folder: FolderHandle
        let name: String
    }

    private static let live = Locked<[Entry]>([])

    /// Whether `name` has the form of this process's temporaries.
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(".tmp-\(getpid())-")
    }

    /// Runs `create` (which makes `name` in `folder`, returning its descriptor or -1) under the lock,
    /// and records the name when it was made.
    static func registerTemporary(_ name: String, in folder: FolderHandle, create: () -> Int32) -> Int32 {
        live.withLock { entries in
            let file = create()
            if file >= 0 { entries.append(Entry(folder: folder, name: name)) }
            return file
        }
    }

    /// Runs `change` (a rename or removal of `name` in `folder`) under the lock when `name` is a
    /// recorded temporary, and forgets it; other names are changed as they are.
    static func settleTemporary<T>(_ name: String, in folder: FolderHandle, change: () -> T) -> T {
        guard isTemporary(name) else { return change() }
        return live.withLock { entries in
            let result = change()
            entries.removeAll { $0.folder === folder && $0.name == name }
            return result
        }
    }

    /// Removes every temporary this process has in progress and ends the process with `status`, holding
    /// the lock to the end so no other thread renames or makes one meanwhile. For a stop that cannot wait
    /// for the work to finish; `_exit`, so no exit handler runs beside threads still at work.
    public static func removeTemporariesAndExit(_ status: Int32) -> Never {
        live.withLock { entries in
            for entry in entries { unlinkat(entry.folder.fd, entry.name, 0) }
            _exit(status)
        }
    }
}
