// Shatter's WebGL2 player: replays a GLRecording, the GL calls Shatter's GL backend made for each frame
// (GLRenderer.beginRecording), on the browser's own GL. Nothing here computes motion or colour: the
// programs are the files of Shaders/ verbatim, and every uniform, texture, vertex buffer, blend state
// and draw comes from the recording, so the page draws what the GL backend drew, or shows where this
// GL disagrees. The GL state that breaks parity stays off as in GLRenderer: dithering, depth, scissor;
// an RGBA8 renderbuffer with no multisampling; pack and unpack alignment 1.
"use strict";

function ShatterPlayer(gl, recording) {
    // Base64 (the recording's blobs) to bytes.
    function bytes(text) {
        const raw = atob(text);
        const decoded = new Uint8Array(raw.length);
        for (let i = 0; i < raw.length; i++) decoded[i] = raw.charCodeAt(i);
        return decoded;
    }
    const blobs = recording.blobs.map(bytes);
    const programs = {};
    const textures = new Map();
    const arrayBuffers = new Map();
    const uniformBuffers = new Map();
    const vertexArray = gl.createVertexArray();
    let framebuffer = null;
    let framebufferSize = "";

    function compile(kind, file) {
        const shader = gl.createShader(kind);
        gl.shaderSource(shader, recording.shaders[file]);
        gl.compileShader(shader);
        if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
            throw new Error(file + " does not compile here: " + gl.getShaderInfoLog(shader));
        }
        return shader;
    }

    // The program `name`, linked once; `capturing`: linked a second time with its vertex outputs as
    // transform feedback varyings, interleaved (GLProgram's capturingOutputs).
    function program(name, capturing) {
        const key = (capturing ? "capture " : "") + name;
        if (programs[key]) return programs[key];
        const files = recording.programs[name];
        const linked = gl.createProgram();
        gl.attachShader(linked, compile(gl.VERTEX_SHADER, files.vertex));
        gl.attachShader(linked, compile(gl.FRAGMENT_SHADER, files.fragment));
        if (capturing) gl.transformFeedbackVaryings(linked, files.outputs, gl.INTERLEAVED_ATTRIBS);
        gl.linkProgram(linked);
        if (!gl.getProgramParameter(linked, gl.LINK_STATUS)) {
            throw new Error(name + " does not link here: " + gl.getProgramInfoLog(linked));
        }
        programs[key] = { program: linked, locations: {} };
        return programs[key];
    }

    function buffer(cache, target, index) {
        let made = cache.get(index);
        if (!made) {
            made = gl.createBuffer();
            gl.bindBuffer(target, made);
            gl.bufferData(target, blobs[index], gl.STATIC_DRAW);
            cache.set(index, made);
        }
        gl.bindBuffer(target, made);
        return made;
    }

    // The texture of `binding`, made once per blob and format: premultiplied RGBA8 (a picture), or
    // unsigned integers read with texelFetch (r8ui: a byte a texel; rg32ui: two 32-bit words).
    function texture(binding) {
        gl.activeTexture(gl.TEXTURE0 + binding.unit);
        const key = binding.format + " " + binding.blob;
        let made = textures.get(key);
        if (!made) {
            made = gl.createTexture();
            gl.bindTexture(gl.TEXTURE_2D, made);
            gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
            gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
            const data = blobs[binding.blob];
            const { width, height } = binding;
            if (binding.format === "r8ui") {
                gl.texImage2D(gl.TEXTURE_2D, 0, gl.R8UI, width, height, 0, gl.RED_INTEGER, gl.UNSIGNED_BYTE, data);
            } else if (binding.format === "rg32ui") {
                const words = new Uint32Array(data.buffer, data.byteOffset, data.length / 4);
                gl.texImage2D(gl.TEXTURE_2D, 0, gl.RG32UI, width, height, 0, gl.RG_INTEGER, gl.UNSIGNED_INT, words);
            } else {
                gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, width, height, 0, gl.RGBA, gl.UNSIGNED_BYTE, data);
            }
            textures.set(key, made);
        }
        gl.bindTexture(gl.TEXTURE_2D, made);
        const filter = binding.filter === "linear" ? gl.LINEAR : gl.NEAREST;
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, filter);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, filter);
    }

    function uniform(linked, u) {
        if (!(u.name in linked.locations)) linked.locations[u.name] = gl.getUniformLocation(linked.program, u.name);
        const location = linked.locations[u.name];
        const bits = new Uint32Array(u.values);
        if (u.type === "f") {
            gl["uniform" + bits.length + "fv"](location, new Float32Array(bits.buffer));
        } else {
            gl["uniform" + bits.length + "iv"](location, new Int32Array(bits.buffer));
        }
    }

    // GLRenderer.setBlend's factors.
    function blend(mode) {
        if (mode === "replace") {
            gl.disable(gl.BLEND);
        } else {
            gl.enable(gl.BLEND);
            gl.blendEquation(gl.FUNC_ADD);
            if (mode === "sourceOver") gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
            else gl.blendFuncSeparate(gl.ONE, gl.ONE_MINUS_SRC_COLOR, gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
        }
    }

    function prepareFramebuffer(frame) {
        const size = frame.framebufferWidth + "x" + frame.framebufferHeight;
        if (framebuffer && framebufferSize === size) return;
        if (!framebuffer) {
            framebuffer = gl.createFramebuffer();
            framebuffer.color = gl.createRenderbuffer();
        }
        gl.bindRenderbuffer(gl.RENDERBUFFER, framebuffer.color);
        gl.renderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, frame.framebufferWidth, frame.framebufferHeight);
        gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
        gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, framebuffer.color);
        const status = gl.checkFramebufferStatus(gl.FRAMEBUFFER);
        if (status !== gl.FRAMEBUFFER_COMPLETE) throw new Error("framebuffer incomplete: 0x" + status.toString(16));
        framebufferSize = size;
    }

    // Draw `d`'s program made current with its textures, uniforms, uniform blocks and vertex attributes.
    function prepare(d, linked) {
        gl.useProgram(linked.program);
        for (const t of d.textures) texture(t);
        for (const u of d.uniforms) uniform(linked, u);
        for (const b of d.blocks) {
            gl.uniformBlockBinding(linked.program, gl.getUniformBlockIndex(linked.program, b.name), b.binding);
            gl.bindBufferBase(gl.UNIFORM_BUFFER, b.binding, buffer(uniformBuffers, gl.UNIFORM_BUFFER, b.blob));
        }
        for (let location = 0; location < 8; location++) gl.disableVertexAttribArray(location);
        for (const a of d.attributes) {
            buffer(arrayBuffers, gl.ARRAY_BUFFER, a.blob);
            gl.enableVertexAttribArray(a.location);
            if (a.type === "int") gl.vertexAttribIPointer(a.location, a.size, gl.INT, a.stride, a.offset);
            else gl.vertexAttribPointer(a.location, a.size, gl.FLOAT, false, a.stride, a.offset);
            gl.vertexAttribDivisor(a.location, a.divisor);
        }
    }

    // Draws frame `index` into the framebuffer, as GLRenderer drew it.
    function draw(index) {
        const frame = recording.frames[index];
        prepareFramebuffer(frame);
        gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
        gl.disable(gl.DITHER);
        gl.disable(gl.DEPTH_TEST);
        gl.disable(gl.SCISSOR_TEST);
        gl.pixelStorei(gl.PACK_ALIGNMENT, 1);
        gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
        gl.viewport(0, 0, frame.viewportSide, frame.viewportSide);
        const clear = new Float32Array(new Uint32Array(frame.clear).buffer);
        gl.clearColor(clear[0], clear[1], clear[2], clear[3]);
        gl.clear(gl.COLOR_BUFFER_BIT);
        gl.bindVertexArray(vertexArray);
        for (const d of frame.draws) {
            prepare(d, program(d.program, false));
            blend(d.blend);
            gl.drawArraysInstanced(d.mode === "points" ? gl.POINTS : gl.TRIANGLE_STRIP, 0, d.count, d.instances);
        }
        gl.bindVertexArray(null);
        const error = gl.getError();
        if (error !== gl.NO_ERROR) throw new Error("GL error 0x" + error.toString(16) + " drawing frame " + index);
        return frame;
    }

    // Capture `index`'s draws run as GLRenderer.vertexOutputs ran them: points, the rasteriser off, the
    // vertex outputs written interleaved by transform feedback. Per draw, its words (vertices, instances
    // one after the other). The buffer starts as all-ones words, so a vertex the GL did not write reads
    // as a NaN no twin computes, never as zeros that might pass for outputs.
    function capture(index) {
        const captured = [];
        gl.bindVertexArray(vertexArray);
        for (const d of recording.captures[index].draws) {
            const files = recording.programs[d.program];
            const words = files.components.reduce((sum, n) => sum + n, 0) * d.count * d.instances;
            prepare(d, program(d.program, true));
            const feedback = gl.createBuffer();
            gl.bindBuffer(gl.TRANSFORM_FEEDBACK_BUFFER, feedback);
            gl.bufferData(gl.TRANSFORM_FEEDBACK_BUFFER, new Uint32Array(words).fill(0xffffffff), gl.STREAM_READ);
            gl.bindBufferBase(gl.TRANSFORM_FEEDBACK_BUFFER, 0, feedback);
            gl.enable(gl.RASTERIZER_DISCARD);
            gl.beginTransformFeedback(gl.POINTS);
            gl.drawArraysInstanced(gl.POINTS, 0, d.count, d.instances);
            gl.endTransformFeedback();
            gl.disable(gl.RASTERIZER_DISCARD);
            gl.bindBufferBase(gl.TRANSFORM_FEEDBACK_BUFFER, 0, null);
            const out = new Uint32Array(words);
            gl.bindBuffer(gl.TRANSFORM_FEEDBACK_BUFFER, feedback);
            gl.getBufferSubData(gl.TRANSFORM_FEEDBACK_BUFFER, 0, out);
            gl.bindBuffer(gl.TRANSFORM_FEEDBACK_BUFFER, null);
            gl.deleteBuffer(feedback);
            captured.push(out);
        }
        gl.bindVertexArray(null);
        const error = gl.getError();
        if (error !== gl.NO_ERROR) throw new Error("GL error 0x" + error.toString(16) + " in capture " + index);
        return captured;
    }

    // Frame `index`'s pixels, RGBA8 premultiplied, row 0 at the top (Shatter's Image).
    function read(index) {
        const frame = draw(index);
        const rowBytes = frame.width * 4;
        const bottomFirst = new Uint8Array(rowBytes * frame.height);
        gl.readPixels(frame.guardPixels, frame.guardPixels, frame.width, frame.height, gl.RGBA, gl.UNSIGNED_BYTE,
            bottomFirst);
        const image = new Uint8Array(bottomFirst.length);
        for (let row = 0; row < frame.height; row++) {
            image.set(bottomFirst.subarray((frame.height - 1 - row) * rowBytes, (frame.height - row) * rowBytes),
                row * rowBytes);
        }
        return image;
    }

    // Frame `index` drawn, then its image copied onto the canvas's own framebuffer (the preview).
    function show(index) {
        const frame = draw(index);
        gl.bindFramebuffer(gl.READ_FRAMEBUFFER, framebuffer);
        gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, null);
        // The image's top row is the framebuffer's highest: copied as it stands, it shows upright.
        gl.blitFramebuffer(frame.guardPixels, frame.guardPixels, frame.guardPixels + frame.width,
            frame.guardPixels + frame.height, 0, 0, frame.width, frame.height, gl.COLOR_BUFFER_BIT, gl.NEAREST);
        gl.bindFramebuffer(gl.FRAMEBUFFER, null);
        return frame;
    }

    return {
        frames: recording.frames.length, captures: (recording.captures || []).length, draw: draw, read: read,
        show: show, capture: capture, bytes: bytes,
    };
}
