# Shatter for GPU render nodes: the self-contained bundle (Tools/bundle.sh) on a slim Debian with what
# EGL needs at run time. The NVIDIA container toolkit mounts the driver's EGL/GLES libraries when
# NVIDIA_DRIVER_CAPABILITIES includes `graphics`; libglvnd finds them through the vendor file below.
#
#   docker build -t shatter .
#   docker run --rm --gpus all -v "$PWD/out:/out" shatter render shatter --backend gpu --video /out/transition.mp4
#
# Stage 1 builds the bundle with the Swift toolchain; stage 2 is what runs.
FROM swift:6.1-bookworm AS build
WORKDIR /src
COPY . .
RUN Tools/setup.sh && Tools/bundle.sh dist/shatter-linux-x86_64

FROM debian:bookworm-slim
# libglvnd's EGL and GLES dispatch (libegl1, libgles2), GBM for the render-node fallback, Mesa's EGL
# for the CPU-only fallback, ffmpeg for --video.
RUN apt-get update \
    && apt-get install -y --no-install-recommends libegl1 libgles2 libgbm1 libegl-mesa0 ffmpeg \
    && rm -rf /var/lib/apt/lists/*
# The NVIDIA vendor file: missing on older toolkits and on GKE-style driver mounts, and without it
# libglvnd never finds the driver's EGL (and `--backend gpu` refuses, saying so).
RUN mkdir -p /usr/share/glvnd/egl_vendor.d \
    && printf '{\n    "file_format_version" : "1.0.0",\n    "ICD" : { "library_path" : "libEGL_nvidia.so.0" }\n}\n' \
       > /usr/share/glvnd/egl_vendor.d/10_nvidia.json
# GKE (and other driver-installer set-ups) mount the driver's user-space libraries, libEGL_nvidia.so.0
# among them, in /usr/local/nvidia/lib64 rather than a folder the loader searches: without this the
# vendor file above names a library that does not load, and shatter says so.
ENV NVIDIA_DRIVER_CAPABILITIES=graphics,utility \
    NVIDIA_VISIBLE_DEVICES=all \
    LD_LIBRARY_PATH=/usr/local/nvidia/lib64:/usr/local/nvidia/lib
COPY --from=build /src/dist/shatter-linux-x86_64/shatter /opt/shatter/shatter
WORKDIR /out
ENTRYPOINT ["/opt/shatter/shatter"]
CMD ["info"]
