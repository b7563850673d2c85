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

@_cdecl("shatter_obs_dust_create")
public func shatterOBSDustCreate(
    _ width: UInt32, _ height: UInt32, _ settings: UnsafePointer<shatter_obs_dust_settings>?
) -> UnsafeMutableRawPointer? {
    guard let settings, let dust = OBSDust(width: Int(width), height: Int(height), settings: settings.pointee)
    else { return nil }
    return Unmanaged.passRetained(dust).toOpaque()
}

@_cdecl("shatter_obs_dust_destroy")
public func shatterOBSDustDestroy(_ dust: UnsafeMutableRawPointer?) {
    guard let dust else { return }
    Unmanaged<OBSDust>.fromOpaque(dust).release()
}

@_cdecl("shatter_obs_dust_seconds")
public func shatterOBSDustSeconds(_ dust: UnsafeRawPointer?) -> Double {
    guard let dust else { return 0 }
    return Unmanaged<OBSDust>.fromOpaque(dust).takeUnretainedValue().seconds
}

@_cdecl("shatter_obs_dust_assignment")
public func shatterOBSDustAssignment(_ dust: UnsafeRawPointer?, _ rgba: UnsafeMutablePointer<UInt8>?, _ size: Int)
    -> Int32
{
    guard let dust, let rgba else { return 0 }
    return Unmanaged<OBSDust>.fromOpaque(dust).takeUnretainedValue().assignment(into: rgba, size: size) ? 1 : 0
}

@_cdecl("shatter_obs_dust_frame")
public func shatterOBSDustFrame(
    _ dust: UnsafeRawPointer?, _ seconds: Double, _ layers: UnsafeMutablePointer<Float>?, _ capacity: Int
) -> Int {
    guard let dust, let layers, capacity > 0 else { return 0 }
    return Unmanaged<OBSDust>.fromOpaque(dust).takeUnretainedValue().frame(
        seconds: seconds.isFinite ? max(seconds, 0) : 0, layers: layers, capacity: capacity)
}
