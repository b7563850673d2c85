#!/usr/bin/env python3
"""Raw RGBA8 frames for Tools/check-frei0r.sh, with Python's standard library alone.

  frames.py progresses FPS SECONDS COUNT
      For frames 0..COUNT-1 at FPS, the progress p = t / SECONDS of each frame's instant t = i / FPS for
      which p * SECONDS gives t back exactly in doubles (the plugin draws the instant p * SECONDS; the
      command line the instant i / FPS), as lines "i p" with p written exactly (repr).
  frames.py same W H A.rgba INDICES B.rgba
      Frame k of B.rgba against frame INDICES[k] of A.rgba (comma-separated): exits 1 naming the first
      frame and pixel that differ.
  frames.py differ W H A.rgba I B.rgba J
      Mean absolute difference per channel (RGB) of frame I of A.rgba and frame J of B.rgba.
"""
import sys


def frame(path, width, height, index):
    size = width * height * 4
    with open(path, "rb") as file:
        file.seek(size * index)
        data = file.read(size)
    if len(data) != size:
        sys.exit(f"frames.py: {path} has no frame {index} of {width}x{height}")
    return data


def main(argv):
    if argv[1] == "progresses":
        fps, seconds, count = float(argv[2]), float(argv[3]), int(argv[4])
        for i in range(count):
            t = i / fps
            p = t / seconds
            if p * seconds == t:
                print(i, repr(p))
    elif argv[1] == "same":
        width, height = int(argv[2]), int(argv[3])
        indices = [int(i) for i in argv[5].split(",")]
        for k, i in enumerate(indices):
            a, b = frame(argv[4], width, height, i), frame(argv[6], width, height, k)
            if a != b:
                at = next(n for n in range(len(a)) if a[n] != b[n]) // 4
                sys.exit(f"frames.py: frame {i} differs at ({at % width}, {at // width}): {tuple(a[at * 4:at * 4 + 4])} "
                         f"against {tuple(b[at * 4:at * 4 + 4])}")
    elif argv[1] == "differ":
        width, height = int(argv[2]), int(argv[3])
        a, b = frame(argv[4], width, height, int(argv[5])), frame(argv[6], width, height, int(argv[7]))
        total = sum(abs(a[n] - b[n]) for n in range(len(a)) if n % 4 != 3)
        print(f"{total / (width * height * 3):.2f}")
    else:
        sys.exit(__doc__)


main(sys.argv)
