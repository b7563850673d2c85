import ArgumentParser
import Shatter

/// A failure while running (exit 1) whose message already says what to do.
struct CLIFailure: Error, CustomStringConvertible {
    let description: String
}

/// The one place library errors become command-line words: the library describes values and limits;
/// here each error gains the flag that fixes it, and bad requests become usage errors (exit 64).
enum CLIErrors {
    static func translate(_ error: any Error) -> any Error {
        switch error {
        case let error as FrameSelectionError:
            switch error {
            case .outsideTimeline(let first, let last, let count):
                return ValidationError("--frames \(first)-\(last) is outside this animation's frames 0-\(count - 1)")
            case .tooManyFrames(let count, let limit, let whole):
                let what = count == whole ? "--duration × --fps is \(count) frames" : "--frames selects \(count) frames"
                return ValidationError("\(what); at most \(limit) can be rendered at once — lower --fps or use --frames A-B")
            case .badTimeline:
                return ValidationError("--duration × --fps is not a number of frames: \(error)")
            }
        case let error as OutputFileError:
            return ValidationError("\(error)")
        case let error as WebGLPreviewError:
            return CLIFailure(
                description: "\(error); \(WebGLPreviewError.advice)")
        case let error as OutputFolderError:
            switch error {
            case .cannotWriteFile: return CLIFailure(description: "\(error)")
            case .replacedDuringRun: return CLIFailure(description: "--out \(error)")
            case .busy: return CLIFailure(description: "--out: \(error); wait for it to finish, or choose another --out")
            case .holdsAnotherRender(_, let difference) where difference.hasPrefix("shard "):
                return CLIFailure(description: "--out: \(error); give each shard its own --out (then `shatter manifest merge`)")
            case .holdsOtherFiles:
                return CLIFailure(
                    description: "--out: \(error); choose another --out, or add --overwrite to write the report beside them")
            case .holdsAnotherComparison:
                return CLIFailure(description: "--out: \(error); choose another --out, or add --overwrite to replace it")
            case .holdsAnotherRender, .holdsUnclaimedFrames:
                return CLIFailure(
                    description: "--out: \(error); to finish that render rerun it with --resume, "
                        + "to replace it add --overwrite, or choose another --out")
            default: return CLIFailure(description: "--out: \(error); give a writable folder path")
            }
        case let error as ManifestError:
            switch error {
            case .differentRender(let folder, let difference):
                return CLIFailure(
                    description: "cannot --resume into \(folder): it holds another render (\(difference)); "
                        + "use the same options or another --out")
            case .otherMaker:
                return CLIFailure(
                    description: "cannot --resume: \(error); add --overwrite to render them again, or choose another --out")
            case .missing(let folder):
                return CLIFailure(description: "\(error); is \(folder) a render's --out folder?")
            default: return error
            }
        case let error as FolderComparisonError:
            switch error {
            case .noSuchFolder:
                return CLIFailure(description: "\(error); check the --dirs paths (--update records a new golden folder)")
            case .changedSinceRendered, .notAFrameFile, .listedFramesAbsent, .sharedFrameFile:
                return CLIFailure(description: "\(error)")
            default: return CLIFailure(description: "\(error); give --dirs two folders of PNG frames")
            }
        case let error as VideoError:
            switch error {
            case .ffmpegNotFound:
                return CLIFailure(
                    description: "\(error); install it (apt-get install ffmpeg, or Tools/setup.sh) or give --ffmpeg PATH")
            case .ffmpegIsAFolder(let path):
                let inside = (path.hasSuffix("/") ? path : path + "/") + "ffmpeg"
                return ValidationError("--ffmpeg \(path) is a folder; give the ffmpeg program itself, such as \(inside)")
            case .silentClip(let role):
                return ValidationError("--audio \(role): the --\(role) clip is not a video with sound")
            case .partialJoin:
                return ValidationError("--head and --tail make one whole --video: give --video, without --frames or --shard")
            case .tooManyFrames:
                return ValidationError("\(error) — lower --fps, shorten the transitions, or trim the clips")
            default: return CLIFailure(description: "\(error)")
            }
        case let error as ClipError:
            switch error {
            case .badPattern: return ValidationError("\(error)")
            case .sizeMismatch(let role, let width, let height, let outputWidth, let outputHeight):
                return ValidationError(
                    "the --\(role) clip is \(width)x\(height) but the output is \(outputWidth)x\(outputHeight); "
                        + "pass --fit stretch|contain|cover, or --size and --scale to match the clip")
            default: return CLIFailure(description: "\(error)")
            }
        case let error as OriginalSoundError:
            switch error {
            case .noCues, .silentContainer: return ValidationError("--sounds: \(error); leave out --sounds")
            case .notAFolder: return CLIFailure(description: "--sounds \(error); give the folder that holds them")
            default: return CLIFailure(description: "--sounds: \(error)")
            }
        case let error as StreamError:
            return CLIFailure(description: "\(error); stopped")
        case let error as CompareError:
            return CLIFailure(description: "\(error); lower --ignored-border")
        case let error as RenderSessionError:
            return CLIFailure(description: "\(error); the frames on disk are complete, and --resume will find them")
        case let error as GLError:
            return CLIFailure(description: describe(error))
        case let error as ParameterError:
            return ValidationError("\(error); lower --size, --scale or the option named")
        case let error as SpriteSheetPlayer.SheetError:
            return CLIFailure(description: "\(error); check --frame-size and --sheet-frame-count")
        default:
            return error
        }
    }

    static func describe(_ error: GLError) -> String {
        switch error {
        case .noPlatform: return "\(error); install Mesa's EGL (Tools/setup.sh) or use --backend cpu"
        case .nvidiaEGLDoesNotLoad:
            return "\(error); put the NVIDIA driver's libraries on the library path (GKE mounts them in "
                + "/usr/local/nvidia/lib64: add it to LD_LIBRARY_PATH) or use --backend cpu"
        case .glVersionTooOld: return "\(error); use --backend cpu"
        case .pointSizeOutOfRange: return "\(error); use a smaller --point-size or --scale, or --backend cpu"
        case .textureTooLarge: return "\(error); use a smaller image or --backend cpu"
        case .frameTooLarge(_, _, _, let largest):
            return "\(error); give a smaller --size (× --scale), at most \(largest) pixels a side, or --backend cpu"
        case .noSuchDevice: return "\(error); run `shatter info` to list them and pick one with --device N"
        case .softwareRasterizerOnly: return "\(error); --backend gl accepts it, --backend cpu renders without GL"
        case .libraryMissing, .entryPointMissing: return "\(error); --backend cpu renders without GL"
        default: return "\(error)"
        }
    }

    static func describe(_ fallback: Backend.Fallback) -> String {
        switch fallback {
        case .softwareRasterizer: return "\(fallback) (--backend gl to use it anyway)"
        case .glUnavailable: return "\(fallback)"
        }
    }
}
