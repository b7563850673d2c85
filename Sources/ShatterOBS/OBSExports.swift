import CShatterOBS

// The functions the module's C half (ShatterOBSModule, transition.c) calls, declared in shatter_obs.h.
// Each is a guest's call on OBS's render thread: it never prints and treats a null pointer as nothing
// to do.

@_cdecl("shatter_obs_pieces_create")
public func shatterOBSPiecesCreate(
    _ width: UInt32, _ height: UInt32, _ settings: UnsafePointer<shatter_obs_settings>?
) -> UnsafeMutableRawPointer? {
    guard let settings, let pieces = OBSPieces(width: Int(width), height: Int(height), settings: settings.pointee)
    else { return nil }
    return Unmanaged.passRetained(pieces).toOpaque()
}

@_cdecl("shatter_obs_pieces_destroy")
public func shatterOBSPiecesDestroy(_ pieces: UnsafeMutableRawPointer?) {
    guard let pieces else { return }
    Unmanaged<OBSPieces>.fromOpaque(pieces).release()
}

@_cdecl("shatter_obs_pieces_count")
public func shatterOBSPiecesCount(_ pieces: UnsafeRawPointer?) -> Int {
    guard let pieces else { return 0 }
    return Unmanaged<OBSPieces>.fromOpaque(pieces).takeUnretainedValue().count
}

@_cdecl("shatter_obs_pieces_point_size")
public func shatterOBSPiecesPointSize(_ pieces: UnsafeRawPointer?) -> Double {
    guard let pieces else { return 0 }
    return Unmanaged<OBSPieces>.fromOpaque(pieces).takeUnretainedValue().effect.parameters.pointSize
}

@_cdecl("shatter_obs_pieces_frame")
public func shatterOBSPiecesFrame(
    _ pieces: UnsafeMutableRawPointer?, _ seconds: Double, _ positions: UnsafeMutablePointer<Float>?,
    _ texcoords: UnsafeMutablePointer<Float>?, _ capacity: Int
) -> Int {
    guard let pieces, let positions, let texcoords, capacity > 0 else { return 0 }
    return Unmanaged<OBSPieces>.fromOpaque(pieces).takeUnretainedValue().frame(
        seconds: seconds.isFinite ? max(seconds, 0) : 0, positions: positions, texcoords: texcoords,
        capacity: capacity)
}
