#!/usr/bin/env python3
"""Writes the fuzzers' seed corpus: small PNGs of every color type, depth and interlacing, manifests,
and command lines. Run once; the files are committed under Tools/checks/fuzz/corpus/."""
import json, os, struct, zlib

here = os.path.dirname(os.path.abspath(__file__))

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

def png(width, height, color_type, depth, sample, interlaced=False, extra=b""):
    """`sample(x, y)` gives one pixel's samples as ints; rows are packed MSB first for depth < 8."""
    def row_bytes(xs, y):
        bits = []
        for x in xs:
            for v in sample(x, y):
                bits.append(v)
        if depth >= 8:
            return b"".join(v.to_bytes(depth // 8, "big") for v in bits)
        out, acc, n = bytearray(), 0, 0
        for v in bits:
            acc = (acc << depth) | v
            n += depth
            if n == 8:
                out.append(acc); acc, n = 0, 0
        if n:
            out.append(acc << (8 - n))
        return bytes(out)
    raw = b""
    if interlaced:
        for x0, y0, dx, dy in ADAM7:
            xs = list(range(x0, width, dx))
            if not xs:
                continue
            for y in range(y0, height, dy):
                raw += b"\x00" + row_bytes(xs, y)
    else:
        for y in range(height):
            raw += b"\x00" + row_bytes(range(width), y)
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, 1 if interlaced else 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")

seeds = {
    "rgba8.png": png(5, 4, 6, 8, lambda x, y: (x * 60, y * 80, 200, (x + y) * 30)),
    "rgb8.png": png(4, 3, 2, 8, lambda x, y: (x * 60, y * 80, 10)),
    "gray8.png": png(3, 3, 0, 8, lambda x, y: ((x + y) * 40,)),
    "gray1.png": png(9, 2, 0, 1, lambda x, y: ((x + y) % 2,)),
    "gray-alpha8.png": png(3, 2, 4, 8, lambda x, y: (x * 100, y * 255)),
    "palette4-trns.png": png(4, 4, 3, 4, lambda x, y: ((x + y) % 3,),
                             extra=chunk(b"PLTE", bytes([255, 0, 0, 0, 255, 0, 0, 0, 255])) + chunk(b"tRNS", bytes([255, 128]))),
    "palette-no-plte.png": png(2, 2, 3, 8, lambda x, y: (0,)),
    "rgba16.png": png(3, 3, 6, 16, lambda x, y: (x * 20000, y * 30000, 1234, 65535 - x * 9000)),
    "rgba16-adam7.png": png(9, 9, 6, 16, lambda x, y: (x * 7000, y * 7000, 40000, 65535), interlaced=True),
    "rgb8-adam7.png": png(10, 7, 2, 8, lambda x, y: (x * 25, y * 36, 99), interlaced=True),
    "gray16-gama.png": png(2, 2, 0, 16, lambda x, y: (x * 65535,), extra=chunk(b"gAMA", struct.pack(">I", 45455))),
}
# An APNG: acTL/fcTL before the IDAT (libpng ignores them and reads the default image).
apng = png(2, 2, 6, 8, lambda x, y: (255, 0, 0, 255))
seeds["apng.png"] = apng[:33] + chunk(b"acTL", struct.pack(">II", 1, 0)) + \
    chunk(b"fcTL", struct.pack(">IIIIIHHBB", 0, 2, 2, 0, 0, 1, 10, 0, 0)) + apng[33:]
# Headers the decoder must refuse before allocating anything.
huge = bytearray(seeds["rgb8.png"])
huge[16:24] = struct.pack(">II", 100000, 100000)
huge[29:33] = struct.pack(">I", zlib.crc32(bytes(huge[12:29])) & 0xFFFFFFFF)
seeds["huge-header.png"] = bytes(huge)
seeds["jpeg-renamed.png"] = bytes([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]) + b"JFIF\x00\x01\x01"
# libpng's huge_*_chunk.png crashers in 57 bytes: a text chunk that declares 2 GB and holds 16 bytes.
lying = seeds["rgba8.png"][:33] + struct.pack(">I", 0x7FFFFFFF) + b"tEXtComment\x00hello wo"
seeds["huge-text-chunk.png"] = lying

folder = os.path.join(here, "corpus", "png")
os.makedirs(folder, exist_ok=True)
for name, data in seeds.items():
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)

def manifest(frames, first=0, last=6, frame_count=7, shard=None, format=3, **changes):
    """A manifest as renders write it (pretty, keys sorted), with `changes` to its header. Format 3 records
    XXH3-128 digests ("pixels", "png"), formats 1 and 2 SHA-256 ("sha256", "pngSHA256")."""
    if format >= 3:
        entries = [{"file": "frame-%05d.png" % i, "index": i, "png": "xxh3-128:%032x" % (i + 1),
                    "pixels": "xxh3-128:%032x" % (i + 2)} for i in frames]
    else:
        entries = [{"file": "frame-%05d.png" % i, "index": i, "pngSHA256": "%064x" % (i + 1), "sha256": "%064x" % (i + 2)}
                   for i in frames]
    header = {"format": format, "effect": "shatter", "parameters": {"pointSize": "2.0", "width": "48"},
              "inputs": {"from": "%064x" % 7}, "seed": 9, "backend": "cpu", "renderer": "Shatter CPU renderer",
              "fps": 60, "frameCount": frame_count, "range": {"first": first, "last": last}, "frames": entries}
    if shard:
        header["shard"] = {"index": shard[0], "count": shard[1], "scheme": "modulo"}
    header.update(changes)
    return json.dumps(header, indent=2, sort_keys=True, separators=(",", " : ")) + "\n"

manifests = {
    "whole.json": manifest(range(7)),
    "shard-1-of-3.json": manifest([1, 4], shard=(1, 3)),
    "partial-range.json": manifest([3, 4], first=3, last=4, frame_count=864000001),
    "merged.json": manifest(range(7), renderer="a; b"),
    "format-1.json": manifest([0], format=1, inputs=None),
    "format-2.json": manifest(range(7), format=2),
    # The crashes: a range to 2^62 (listed whole), first = last = Int.max (overflowed describing it).
    "regression-range-2-62.json": manifest([0], last=4611686018427387904),
    "regression-int-max.json": manifest([], first=9223372036854775807, last=9223372036854775807),
}
folder = os.path.join(here, "corpus", "manifest")
os.makedirs(folder, exist_ok=True)
for name, text in manifests.items():
    with open(os.path.join(folder, name), "w") as f:
        f.write(text)

commands = {
    "render-shatter": "render shatter --size 30x20 --scale 2 --point-size 3 --fps 30 --frames 2-5 --backend cpu --out o",
    "render-breathe": "render breathe --size 40x40 --petals 7 --cycles 2 --compression 9 --background 000000",
    "render-dust": "render dust --layers 8 --spread 60x30 --path css --reverse --seed 3 --size 20x20",
    "render-splash": "render splash --size 30x50 --scale 0.5 --duration 3 --contact-sheet c.png --sheet-frames 4",
    "render-sprite": "render sprite --frame-size 8x8 --frames 4 --duration 1 --scale 3 --fps 12",
    "compare-shatter": "compare shatter --size 10x10 --precision 0.99 --channel-delta 2 --ignored-border 1 --json",
    "compare-images": "compare --images a.png b.png --max-different-pixels 5 --pixel-delta-threshold 40",
    "bench": "bench --point-sizes 1,2.5,8 --size 64x36 --frame-count 3 --backends cpu --encode none --repeat 2",
    "info": "info --device 0",
}
folder = os.path.join(here, "corpus", "options")
os.makedirs(folder, exist_ok=True)
for name, line in commands.items():
    with open(os.path.join(folder, name), "w") as f:
        f.write("\n".join(line.split(" ")))
