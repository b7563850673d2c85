import ArgumentParser
import Shatter

/// `render`'s `--pipe FORMAT`: frames on standard output instead of a folder. Apart from
/// ``DeliveryOptions`` so that `join`, which writes only a video, does not list it.
struct PipeOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Stream the frames to standard output as png (for ffmpeg -f image2pipe) or rgba "
                + "(raw 8-bit RGBA, straight alpha, for ffmpeg -f rawvideo -pix_fmt rgba).", valueName: "FORMAT"))
    var pipe: StreamFormat?
}
