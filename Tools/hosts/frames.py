#!/usr/bin/env python3
"""Raw RGBA8 frames for Tools/checks/check-frei0r.sh, with Python's standard library alone.

  frames.py progresses FPS SECONDS COUNT
      For frames 0..COUNT-1 at FPS, the progress p = t / SECONDS of each frame's instant t = i / FPS for
      which p * SECONDS gives t back exactly in doubles (the plugin draws the instant p * SECONDS; the
      command line the instant i / FPS), as lines "i p" with p written exactly (repr).
  frames.py same W H A.rgba INDICES B.rgba
      Frame k of B.rgba against frame INDICES[k] of A.rgba (comma-separated): exits 1 naming the first
      frame and pixel that differ.
  frames.py differ W H A.rgba I B.rgba J
      Mean absolute difference per channel (RGB) of frame I of A.rgba and frame J of B.rgba.
  frames.py crossfade SOUND.s16 RATE START END F1 F2
      Whether mono signed 16-bit sound at RATE crossfades from a tone of F1 Hz to one of F2 Hz between
      START and END seconds: each tone's level (Goertzel, 0.1 s windows) at full strength on its own
      side, no step where the mix starts or ends (within 1.5 dB of the level beside it), and falling or
      rising through the middle; exits 1 saying which window fails. Prints each window's levels.
"""
import math
import struct
import sys


def frame(path, width, height, index):
    size = width * height * 4
    with open(path, "rb") as file:
        file.seek(size * index)
        data = file.read(size)
    if len(data) != size:
        sys.exit(f"frames.py: {path} has no frame {index} of {width}x{height}")
    return data


def level(samples, rate, frequency):
    """The tone's amplitude in samples (Goertzel), in dB of full scale."""
    coefficient = 2 * math.cos(2 * math.pi * frequency / rate)
    previous = before = 0.0
    for sample in samples:
        previous, before = sample + coefficient * previous - before, previous
    power = previous * previous + before * before - coefficient * previous * before
    amplitude = 2 * math.sqrt(max(power, 0.0)) / len(samples) / 32768
    return 20 * math.log10(max(amplitude, 1e-9))


def crossfade(path, rate, start, end, first, second):
    with open(path, "rb") as file:
        data = file.read()
    samples = struct.unpack(f"<{len(data) // 2}h", data[:len(data) // 2 * 2])
    window = int(rate * 0.1)
    levels = []
    for n in range(0, len(samples) - window + 1, window):
        t = n / rate
        levels.append((t, level(samples[n:n + window], rate, first), level(samples[n:n + window], rate, second)))
        print(f"{t:4.1f} s: {first} Hz {levels[-1][1]:6.1f} dB, {second} Hz {levels[-1][2]:6.1f} dB")
    def at(t):
        return min(levels, key=lambda entry: abs(entry[0] - t))
    _, full_first, _ = at(start - 0.3)
    _, _, full_second = at(end + 0.2)
    _, opening_first, opening_second = at(start)
    _, closing_first, closing_second = at(end - 0.1)
    _, middle_first, middle_second = at((start + end) / 2 - 0.05)
    problems = []
    if at(start - 0.3)[2] > full_first - 20:
        problems.append(f"the {second} Hz tone is heard before the mix")
    if at(end + 0.2)[1] > full_second - 20:
        problems.append(f"the {first} Hz tone is heard after the mix")
    if abs(opening_first - full_first) > 1.5:
        problems.append(f"a step of {opening_first - full_first:+.1f} dB where the mix starts")
    if abs(closing_second - full_second) > 1.5:
        problems.append(f"a step of {full_second - closing_second:+.1f} dB where the mix ends")
    if not (opening_second < middle_second < closing_second and opening_first > middle_first > closing_first):
        problems.append("the tones do not cross over the mix")
    if problems:
        sys.exit("frames.py: no crossfade: " + "; ".join(problems))


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
    elif argv[1] == "crossfade":
        crossfade(argv[2], int(argv[3]), float(argv[4]), float(argv[5]), float(argv[6]), float(argv[7]))
    else:
        sys.exit(__doc__)


main(sys.argv)
