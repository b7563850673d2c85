/// What ``ProbeReport/run(gl:threads:)`` measures: a renderer that can also say what its vertex programs
/// write and what its context reports. The GL renderer is one; a test may pass a stand-in that breaks a
/// rule on purpose.
public protocol ProbeSubject: Renderer, VertexCapturing {
    /// The renderer, EGL platform and driver version the report names.
    var probeNames: (renderer: String, platform: String, version: String) { get }
    func rasterFacts() throws -> GLRasterFacts
}

extension GLRenderer: ProbeSubject {
    public var probeNames: (renderer: String, platform: String, version: String) {
        (info.renderer, info.platform, info.version)
    }
}
