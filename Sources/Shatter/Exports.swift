// `import Shatter` brings the whole public API: images and display lists, the effects, both renderers,
// PNG input/output, image comparison, the demo screens and the CPU drawing canvas.
@_exported import ShatterAnimation
@_exported import ShatterCompare
@_exported import ShatterCore
@_exported import ShatterDigest
@_exported import ShatterDrawing
@_exported import ShatterEffects
@_exported import ShatterGL
@_exported import ShatterPNG
@_exported import ShatterPointSprites
@_exported import ShatterScenes
@_exported import ShatterSoftware
