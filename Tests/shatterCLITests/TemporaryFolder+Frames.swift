import Foundation
import Shatter
import ShatterTestSupport

extension TemporaryFolder {
    /// The folder's files, sorted, but for the manifest.json every render writes beside its frames.
    func contents(of folder: String) -> [String] {
        allContents(of: folder).filter { $0 != FrameManifest.fileName && $0 != FrameManifest.journalName }
    }
}
