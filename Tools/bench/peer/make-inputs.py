#!/usr/bin/env python3
"""Writes the peer benchmark's inputs (Tools/bench/peer-bench.sh), the same bytes on every machine:

- SNAPSHOT: a "noisy checker", 60-pixel grey squares with independent per-pixel, per-channel noise
  of ±32, so that PNG cannot compress it away and decoding it is real work;
- DESTINATION: one flat color.

    make-inputs.py --size 1920x1080 SNAPSHOT.png DESTINATION.png

The noise is a hash of the pixel index (the peer's SplitMix64 finaliser), not a seeded generator,
so it does not depend on numpy's version.
"""

import argparse

import numpy as np
from PIL import Image

from peer import mix


def main():
    parser = argparse.ArgumentParser(description="Writes the peer benchmark's snapshot and destination PNGs.")
    parser.add_argument("--size", default="1920x1080", help="WxH pixels")
    parser.add_argument("snapshot")
    parser.add_argument("destination")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))

    y, x = np.mgrid[0:height, 0:width]
    checker = np.where((x // 60 + y // 60) % 2 == 0, 200, 70).astype(np.int16)
    bits = mix(np.arange(width * height, dtype=np.uint64)).reshape(height, width)
    # Three bytes of the hash, one per channel, mapped to -32 … 31.
    noise = [((bits >> np.uint64(8 * c)) & np.uint64(63)).astype(np.int16) - 32 for c in range(3)]
    rgb = np.stack([checker + n for n in noise], axis=-1).clip(0, 255).astype(np.uint8)
    Image.fromarray(rgb, "RGB").save(args.snapshot)

    flat = np.empty((height, width, 3), dtype=np.uint8)
    flat[...] = (46, 139, 87)
    Image.fromarray(flat, "RGB").save(args.destination)


if __name__ == "__main__":
    main()
