import Shatter

/// The options that get past a library error. Library errors name values and limits only; the CLI
/// adds which flag to change.
enum ErrorHints {
    static func hint(for error: any Error) -> String? {
        guard let error = error as? GLError else { return nil }
        switch error {
        case .softwareRasterizerOnly:
            return "--backend gl accepts it, --backend cpu renders without GL"
        case .libraryMissing, .entryPointMissing:
            return "--backend cpu renders without GL"
        default:
            return nil
        }
    }
}
