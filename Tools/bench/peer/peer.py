#!/usr/bin/env python3
"""A speed peer for `shatter render shatter`, not a part of Shatter.

It renders the shattered transition the way Shatter's GL backend does, written the way a Python
programmer would (moderngl on an EGL standalone context, numpy, Pillow), so that Tools/bench/peer-bench.sh
can time both whole processes on the same spec. The workload is Shatter's own: the same grid of
point sprites (one per point-size cell, same random motion), the GLSL programs Shatter 0.10.0
shipped (its own copy in Tools/bench/peer/shaders/: textured_quad for the destination, point_sprite over
it, the motion evaluated in the vertex shader, no blending), the same guard band, every frame read
back and written as a PNG with Pillow's default settings. The copy is frozen on purpose: Shatter's
programs now take centres its CPU computes, and a peer must not change when Shatter does.

    peer.py --from snapshot.png --to destination.png --size 1920x1080 --fps 20 --frames 25 \
            --point-size 2 --out DIR
"""

import argparse
import math
import pathlib
import sys

import moderngl
import numpy as np
from PIL import Image

SHADERS = pathlib.Path(__file__).resolve().parent / "shaders"

# PointPhysics' defaults (the original's): max fall speed, wall restitution, stop speed.
PHYSICS = (-6.0, 0.6, 0.01)
MASK64 = (1 << 64) - 1


def mix(value):
    """CounterRNG.mix (SplitMix64's finaliser) on uint64 arrays; numpy's uint64 arithmetic wraps."""
    z = value + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def uniform(seed, index, draw):
    """CounterRNG(seed, stream: .shatter).uniform(index:draw:) for an array of indices, in [0, 1)."""
    h = mix(np.array([(seed + 0x9E3779B97F4A7C15) & MASK64], dtype=np.uint64))
    h = mix(h ^ np.uint64(1))  # the shatter stream
    h = mix(h ^ index)
    bits = mix(h ^ np.uint64((draw + 0x632BE59BD9B4E019) & MASK64))
    return (bits >> np.uint64(11)).astype(np.float64) * 2.0**-53


def build_grid(width, height, size, seed):
    """ShatteredTransition.buildGrid: per point centre (NDC), uv origin, x speed, y acceleration,
    each computed in doubles in the Swift order and rounded once to float32."""
    columns = int(width / size) + 1
    rows = int(height / size) + 1
    sx = size / width * 2
    sy = size / height * 2
    row, column = np.divmod(np.arange(columns * rows, dtype=np.int64), columns)
    column = column.astype(np.float64)
    row = row.astype(np.float64)
    index = np.arange(columns * rows, dtype=np.uint64)
    r1 = 2.0 * uniform(seed, index, 0)  # RandomRange.original: R in [0, 2]
    r2 = 2.0 * uniform(seed, index, 1)
    grid = np.empty((columns * rows, 6), dtype=np.float32)
    grid[:, 0] = column * sx + sx / 2 - 1
    grid[:, 1] = row * sy + sy / 2 - 1
    grid[:, 2] = column * size / width
    grid[:, 3] = row * size / height
    grid[:, 4] = (r1 - 0.5) * 0.7
    grid[:, 5] = -r2 * 1.5 - 3.0
    return grid


def program(ctx, name):
    """Shatter 0.10.0's GLSL ES 3.00 files; Mesa's desktop GL takes them (ARB_ES3_compatibility)."""
    vertex, fragment = ((SHADERS / f"{name}.{suffix}").read_text() for suffix in ("vert", "frag"))
    return ctx.program(vertex_shader=vertex, fragment_shader=fragment)


def set_uniforms(prog, values):
    for name, value in values.items():
        if name in prog:  # the compiler may drop a uniform the program never reads
            prog[name].value = value


def premultiplied_rgba(path):
    """Shatter's textures are premultiplied RGBA8, rows top first."""
    pixels = np.asarray(Image.open(path).convert("RGBA"), dtype=np.uint8).copy()
    alpha = pixels[..., 3:4].astype(np.uint32)
    if (alpha != 255).any():
        pixels[..., :3] = (pixels[..., :3] * alpha + 127) // 255
    return pixels


def straight(pixels):
    """Premultiplied → straight alpha for PNG (a no-op for the opaque frames of this transition)."""
    alpha = pixels[..., 3:4].astype(np.uint32)
    translucent = alpha != 255
    if translucent.any():
        color = (pixels[..., :3].astype(np.uint32) * 255 + alpha // 2) // np.maximum(alpha, 1)
        color = np.where(alpha == 0, 0, np.minimum(color, 255))
        pixels[..., :3] = np.where(translucent, color, pixels[..., :3])
    return pixels


def parse_size(text):
    width, _, height = text.partition("x")
    return int(width), int(height)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="source", required=True, help="snapshot PNG (the pieces)")
    parser.add_argument("--to", dest="destination", required=True, help="destination PNG (underneath)")
    parser.add_argument("--size", type=parse_size, help="WxH pixels (default: the --from PNG's size)")
    parser.add_argument("--fps", type=float, default=60.0)
    parser.add_argument("--duration", type=float, default=1.2)
    parser.add_argument("--frames", type=int, help="frame count (default: Shatter's, ceil(duration·fps) + 1)")
    parser.add_argument("--point-size", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", required=True, help="folder for frame-00000.png …")
    args = parser.parse_args()

    snapshot = premultiplied_rgba(args.source)
    destination = premultiplied_rgba(args.destination)
    width, height = args.size or (snapshot.shape[1], snapshot.shape[0])
    frames = args.frames if args.frames is not None else math.ceil(args.duration * args.fps - 1e-9) + 1
    size = args.point_size
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    ctx = moderngl.create_standalone_context(backend="egl")
    ctx.enable(moderngl.PROGRAM_POINT_SIZE)  # desktop GL: gl_PointSize only counts with this on
    ctx.disable(moderngl.BLEND)  # both draws replace (BlendMode.replace)
    # GuardBand: a margin of ceil(p/2) + 1 pixels so that sprites straddling an edge are drawn whole.
    guard = math.ceil(size / 2) + 1
    fb_width, fb_height = width + 2 * guard, height + 2 * guard
    clip_scale = (float(np.float32(width) / np.float32(fb_width)), float(np.float32(height) / np.float32(fb_height)))
    fbo = ctx.framebuffer(color_attachments=[ctx.renderbuffer((fb_width, fb_height), 4)])
    fbo.use()
    ctx.viewport = (0, 0, fb_width, fb_height)

    def texture(pixels, filter):
        tex = ctx.texture((pixels.shape[1], pixels.shape[0]), 4, pixels.tobytes(), alignment=1)
        tex.repeat_x = tex.repeat_y = False
        tex.filter = (filter, filter)
        return tex

    to_texture = texture(destination, moderngl.LINEAR)
    from_texture = texture(snapshot, moderngl.NEAREST)  # point_sprite.frag filters by hand (texelFetch)

    quad = program(ctx, "textured_quad")
    set_uniforms(quad, {
        "u_texture": 0, "u_opacity": 1.0, "u_rect": (0.0, 0.0, float(width), float(height)),
        "u_inverseViewSize": (float(np.float32(1) / np.float32(width)), float(np.float32(1) / np.float32(height))),
        "u_clipScale": clip_scale,
    })
    corners = ctx.buffer(np.array([0, 0, 1, 0, 0, 1, 1, 1], dtype=np.float32).tobytes())
    quad_vao = ctx.vertex_array(quad, [(corners, "2f", "a_corner")])

    sprites = program(ctx, "point_sprite")
    set_uniforms(sprites, {
        "u_snapshot": 0, "u_linear": 1, "u_pointSize": size, "u_clipScale": clip_scale, "u_physics": PHYSICS,
        "u_steps": -1, "u_stepSeconds": 0.0,  # the closed-form motion
        "u_texcoordScale": (size / width, size / height),
    })
    grid = build_grid(width, height, size, args.seed)
    points = ctx.buffer(grid.tobytes())
    sprite_vao = ctx.vertex_array(sprites, [(points, "2f 2f 2f", "a_centre", "a_uvOrigin", "a_motion")])

    for frame in range(frames):
        fbo.clear(0.0, 0.0, 0.0, 0.0)
        to_texture.use(0)
        quad_vao.render(moderngl.TRIANGLE_STRIP)
        set_uniforms(sprites, {"u_time": frame / args.fps})
        from_texture.use(0)
        sprite_vao.render(moderngl.POINTS)
        # The image without the guard band; GL's rows run bottom to top.
        data = fbo.read(viewport=(guard, guard, width, height), components=4, alignment=1)
        pixels = np.frombuffer(data, dtype=np.uint8).reshape(height, width, 4)[::-1].copy()
        Image.fromarray(straight(pixels), "RGBA").save(out / f"frame-{frame:05d}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
