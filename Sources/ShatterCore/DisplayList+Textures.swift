extension DisplayList {
    /// The same draws with every texture passed through `replace`: how an effect built around one
    /// still picture draws a clip's current frame instead (``Texture/init(image:replacing:)``).
    public func replacingTextures(_ replace: (Texture) -> Texture) -> DisplayList {
        var list = self
        list.commands = commands.map { command in
            switch command {
            case .texturedQuad(var quad):
                quad.texture = replace(quad.texture)
                return .texturedQuad(quad)
            case .pointSprites(var batch):
                batch.texture = replace(batch.texture)
                return .pointSprites(batch)
            case .dustLayers(var stack):
                stack.snapshot = replace(stack.snapshot)
                stack.assignment = replace(stack.assignment)
                return .dustLayers(stack)
            case .layerQuad(var quad):
                quad.texture = replace(quad.texture)
                return .layerQuad(quad)
            case .instancedCircles, .shape:
                return command
            }
        }
        return list
    }
}
