import ArgumentParser

/// An error of `compare`, which keeps 1 for "frames differ", so every error there exits 2, as with
/// diff(1). Its commands throw this around whatever stopped them; an error ArgumentParser raises
/// while parsing their options names the commands it stopped in.
struct CompareFailure: Error {
    let error: any Error

    /// `body`'s error, wrapped; a verdict (`ExitCode`) passes as it is.
    static func wrapping<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let verdict as ExitCode {
            throw verdict
        } catch {
            throw CompareFailure(error: error)
        }
    }

    /// 2 for an error of a compare command, nil for any other.
    static func exitCode(for error: any Error) -> ExitCode? {
        if error is CompareFailure { return ExitCode(2) }
        // ArgumentParser's parse errors carry the commands parsed so far (`commandStack`), though not
        // publicly: read through reflection. If that ever changes, CompareCommandTests' bad options fail.
        let stack = Mirror(reflecting: error).children.first { $0.label == "commandStack" }?.value as? [ParsableCommand.Type]
        return stack?.contains { $0 == CompareCommand.self } == true ? ExitCode(2) : nil
    }
}
