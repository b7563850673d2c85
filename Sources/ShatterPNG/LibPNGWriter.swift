import CPNG

/// The one call into libpng's full write API, through the C shim that keeps setjmp/longjmp in C.
///
/// Kept general (any color type, bit depth, palette, tRNS, interlacing) because the tests use it
/// to produce every kind of PNG the decoder must read.
struct LibPNGWriter {
    var width: Int
    var height: Int
    var colorType: Int32 = PNG_COLOR_TYPE_RGB_ALPHA
    var bitDepth: Int32 = 8
    var interlaced = false
    var compressionLevel: Int32 = 1
    /// PNG_FILTER_* mask, or -1 for libpng's own choice.
    var filters: Int32 = -1
    /// PLTE entries, for palette images.
    var palette: [png_color] = []
    /// tRNS alpha per palette entry (may be shorter than the palette).
    var paletteAlpha: [UInt8] = []
    /// tRNS single transparent color for gray / RGB images.
    var transparentColor: png_color_16?

    /// Encodes `rows` (`height` rows of `stride` bytes, in this color type's sample layout;
    /// 16-bit samples big-endian). `name` labels errors.
    func encode(rows: [UInt8], stride: Int, name: String) throws(PNGError) -> [UInt8] {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .invalidImage(path: name, reason: "\(width)×\(height) pixels")
        }
        guard stride > 0, rows.count >= stride * height else {
            throw .invalidImage(path: name, reason: "\(rows.count) bytes cannot hold \(height) rows of \(stride)")
        }
        var spec = ShatterPNGSpec()
        spec.width = UInt32(width)
        spec.height = UInt32(height)
        spec.bit_depth = bitDepth
        spec.color_type = colorType
        spec.interlaced = interlaced ? 1 : 0
        spec.compression_level = compressionLevel
        spec.filters = filters
        if let transparentColor {
            spec.has_trans_color = 1
            spec.trans_color = transparentColor
        }
        var output = ShatterPNGOutput()
        defer { shatter_png_output_free(&output) }
        let status = rows.withUnsafeBufferPointer { rowBytes in
            palette.withUnsafeBufferPointer { plte in
                paletteAlpha.withUnsafeBufferPointer { trns in
                    spec.palette = plte.baseAddress
                    spec.palette_count = Int32(plte.count)
                    spec.palette_alpha = trns.baseAddress
                    spec.palette_alpha_count = Int32(trns.count)
                    return shatter_png_encode(&spec, rowBytes.baseAddress, stride, &output)
                }
            }
        }
        guard status == 0, let data = output.data else {
            throw .encodeFailed(path: name, message: withUnsafeBytes(of: output.message, libpngMessage))
        }
        return Array(UnsafeBufferPointer(start: data, count: output.size))
    }
}

/// A NUL-terminated libpng message from a fixed C buffer (tuple or array), as a String.
func libpngMessage(_ raw: UnsafeRawBufferPointer) -> String {
    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
}
