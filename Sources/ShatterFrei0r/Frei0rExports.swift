import CFrei0r

// The C functions of frei0r's API 1.2 (frei0r.h) that a host looks up with dlsym. Each is a guest's
// call: it never prints, never stops the host, and treats any value a host may pass (null pointers,
// indices out of range, NaN) as harmless.

@_cdecl("f0r_init")
public func frei0rInit() -> Int32 { 1 }

@_cdecl("f0r_deinit")
public func frei0rDeinit() {}

@_cdecl("f0r_get_plugin_info")
public func frei0rPluginInfo(_ info: UnsafeMutablePointer<f0r_plugin_info_t>?) {
    guard let info else { return }
    let transition = PluginTransition.linked
    info.pointee.name = UnsafeRawPointer(transition.name.utf8Start).assumingMemoryBound(to: CChar.self)
    info.pointee.author = UnsafeRawPointer(("Shatter" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
    info.pointee.plugin_type = F0R_PLUGIN_TYPE_MIXER2
    info.pointee.color_model = F0R_COLOR_MODEL_RGBA8888
    info.pointee.frei0r_version = FREI0R_MAJOR_VERSION
    info.pointee.major_version = 1
    info.pointee.minor_version = 0
    info.pointee.num_params = Int32(transition.parameters.count)
    info.pointee.explanation = UnsafeRawPointer(transition.explanation.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("f0r_get_param_info")
public func frei0rParameterInfo(_ info: UnsafeMutablePointer<f0r_param_info_t>?, _ index: Int32) {
    let parameters = PluginTransition.linked.parameters
    guard let info, parameters.indices.contains(Int(index)) else { return }
    let parameter = parameters[Int(index)]
    info.pointee.name = UnsafeRawPointer(parameter.name.utf8Start).assumingMemoryBound(to: CChar.self)
    info.pointee.type = F0R_PARAM_DOUBLE
    info.pointee.explanation = UnsafeRawPointer(parameter.explanation.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("f0r_construct")
public func frei0rConstruct(_ width: UInt32, _ height: UInt32) -> UnsafeMutableRawPointer? {
    guard let instance = Frei0rInstance(transition: .linked, width: Int(width), height: Int(height)) else { return nil }
    return Unmanaged.passRetained(instance).toOpaque()
}

@_cdecl("f0r_destruct")
public func frei0rDestruct(_ instance: UnsafeMutableRawPointer?) {
    guard let instance else { return }
    Unmanaged<Frei0rInstance>.fromOpaque(instance).release()
}

@_cdecl("f0r_set_param_value")
public func frei0rSetParameter(_ instance: UnsafeMutableRawPointer?, _ parameter: UnsafeMutableRawPointer?, _ index: Int32) {
    guard let instance, let parameter else { return }
    Unmanaged<Frei0rInstance>.fromOpaque(instance).takeUnretainedValue()
        .setValue(parameter.load(as: Double.self), at: Int(index))
}

@_cdecl("f0r_get_param_value")
public func frei0rGetParameter(_ instance: UnsafeMutableRawPointer?, _ parameter: UnsafeMutableRawPointer?, _ index: Int32) {
    guard let instance, let parameter,
        let value = Unmanaged<Frei0rInstance>.fromOpaque(instance).takeUnretainedValue().value(at: Int(index))
    else { return }
    parameter.storeBytes(of: value, as: Double.self)
}

/// A mixer2 has no single-input update; a host that calls it anyway gets its frame back unchanged.
@_cdecl("f0r_update")
public func frei0rUpdate(
    _ instance: UnsafeMutableRawPointer?, _ time: Double, _ input: UnsafePointer<UInt32>?,
    _ output: UnsafeMutablePointer<UInt32>?
) {
    guard let instance, let input, let output else { return }
    let frame = Unmanaged<Frei0rInstance>.fromOpaque(instance).takeUnretainedValue()
    output.update(from: input, count: frame.width * frame.height)
}

/// The frame between `first` (the clip that leaves) and `second` (the clip revealed) at the instant
/// the `progress` parameter names; frei0r's `time` is not used (hosts give clip time, not the
/// transition's).
@_cdecl("f0r_update2")
public func frei0rUpdate2(
    _ instance: UnsafeMutableRawPointer?, _ time: Double, _ first: UnsafePointer<UInt32>?,
    _ second: UnsafePointer<UInt32>?, _ third: UnsafePointer<UInt32>?, _ output: UnsafeMutablePointer<UInt32>?
) {
    // A missing picture is taken to be the other one; with neither there is nothing to draw.
    guard let instance, let output, let first = first ?? second, let second = second ?? Optional(first) else { return }
    Unmanaged<Frei0rInstance>.fromOpaque(instance).takeUnretainedValue().update(
        from: UnsafeRawPointer(first).assumingMemoryBound(to: UInt8.self),
        to: UnsafeRawPointer(second).assumingMemoryBound(to: UInt8.self),
        output: UnsafeMutableRawPointer(output).assumingMemoryBound(to: UInt8.self))
}
