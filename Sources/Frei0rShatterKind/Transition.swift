// shatter.so: the shattered transition (MLT service frei0r.shatter, GStreamer frei0r-mixer-shatter).
// ShatterFrei0r asks for it through CFrei0r's declaration.
@_cdecl("shatter_frei0r_transition")
public func shatterFrei0rTransition() -> Int32 { 0 }
