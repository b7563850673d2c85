// shatter_dust.so: the dust revealing the next clip (MLT service frei0r.shatter_dust).
// ShatterFrei0r asks for it through CFrei0r's declaration.
@_cdecl("shatter_frei0r_transition")
public func shatterFrei0rTransition() -> Int32 { 1 }
