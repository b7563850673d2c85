// `import Shatter` brings the whole public API: images and display lists, the effects, both renderers
// and PNG input/output.
@_exported import ShatterAnimation
@_exported import ShatterCore
@_exported import ShatterEffects
@_exported import ShatterGL
@_exported import ShatterPNG
@_exported import ShatterSoftware
