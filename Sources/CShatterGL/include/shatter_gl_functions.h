/*
 * Every EGL and GLES entry point Shatter calls, once: the header declares them and loader.c defines
 * them from these lists. X(return type, name, (parameters), (arguments)); V(…) for void functions.
 * A function missing here is a compile error in Swift, not a crash at run time.
 * Extension entry points (eglQueryDevicesEXT, …) are not here: they come from eglGetProcAddress.
 */
#ifndef SHATTER_GL_FUNCTIONS_H
#define SHATTER_GL_FUNCTIONS_H

#define SHATTER_EGL_FUNCTIONS(X, V) \
    X(EGLBoolean, eglBindAPI, (EGLenum api), (api)) \
    X(EGLBoolean, eglChooseConfig, (EGLDisplay dpy, const EGLint *attrib_list, EGLConfig *configs, EGLint config_size, EGLint *num_config), (dpy, attrib_list, configs, config_size, num_config)) \
    X(EGLContext, eglCreateContext, (EGLDisplay dpy, EGLConfig config, EGLContext share_context, const EGLint *attrib_list), (dpy, config, share_context, attrib_list)) \
    X(EGLBoolean, eglDestroyContext, (EGLDisplay dpy, EGLContext ctx), (dpy, ctx)) \
    X(EGLContext, eglGetCurrentContext, (void), ()) \
    X(EGLint, eglGetError, (void), ()) \
    X(EGLDisplay, eglGetPlatformDisplay, (EGLenum platform, void *native_display, const EGLAttrib *attrib_list), (platform, native_display, attrib_list)) \
    X(__eglMustCastToProperFunctionPointerType, eglGetProcAddress, (const char *procname), (procname)) \
    X(EGLBoolean, eglInitialize, (EGLDisplay dpy, EGLint *major, EGLint *minor), (dpy, major, minor)) \
    X(EGLBoolean, eglMakeCurrent, (EGLDisplay dpy, EGLSurface draw, EGLSurface read, EGLContext ctx), (dpy, draw, read, ctx)) \
    X(const char *, eglQueryString, (EGLDisplay dpy, EGLint name), (dpy, name)) \
    X(EGLBoolean, eglReleaseThread, (void), ()) \
    X(EGLBoolean, eglTerminate, (EGLDisplay dpy), (dpy))

#define SHATTER_GLES_FUNCTIONS(X, V) \
    V(glActiveTexture, (GLenum texture), (texture)) \
    V(glAttachShader, (GLuint program, GLuint shader), (program, shader)) \
    V(glBeginTransformFeedback, (GLenum primitiveMode), (primitiveMode)) \
    V(glBindBuffer, (GLenum target, GLuint buffer), (target, buffer)) \
    V(glBindBufferBase, (GLenum target, GLuint index, GLuint buffer), (target, index, buffer)) \
    V(glBindFramebuffer, (GLenum target, GLuint framebuffer), (target, framebuffer)) \
    V(glBindRenderbuffer, (GLenum target, GLuint renderbuffer), (target, renderbuffer)) \
    V(glBindTexture, (GLenum target, GLuint texture), (target, texture)) \
    V(glBindVertexArray, (GLuint array), (array)) \
    V(glBlendFunc, (GLenum sfactor, GLenum dfactor), (sfactor, dfactor)) \
    V(glBlendFuncSeparate, (GLenum sfactorRGB, GLenum dfactorRGB, GLenum sfactorAlpha, GLenum dfactorAlpha), (sfactorRGB, dfactorRGB, sfactorAlpha, dfactorAlpha)) \
    V(glBufferData, (GLenum target, GLsizeiptr size, const void *data, GLenum usage), (target, size, data, usage)) \
    X(GLenum, glCheckFramebufferStatus, (GLenum target), (target)) \
    V(glClear, (GLbitfield mask), (mask)) \
    V(glClearColor, (GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha), (red, green, blue, alpha)) \
    X(GLenum, glClientWaitSync, (GLsync sync, GLbitfield flags, GLuint64 timeout), (sync, flags, timeout)) \
    V(glCompileShader, (GLuint shader), (shader)) \
    X(GLuint, glCreateProgram, (void), ()) \
    X(GLuint, glCreateShader, (GLenum type), (type)) \
    V(glDeleteBuffers, (GLsizei n, const GLuint *buffers), (n, buffers)) \
    V(glDeleteFramebuffers, (GLsizei n, const GLuint *framebuffers), (n, framebuffers)) \
    V(glDeleteProgram, (GLuint program), (program)) \
    V(glDeleteRenderbuffers, (GLsizei n, const GLuint *renderbuffers), (n, renderbuffers)) \
    V(glDeleteShader, (GLuint shader), (shader)) \
    V(glDeleteSync, (GLsync sync), (sync)) \
    V(glDeleteTextures, (GLsizei n, const GLuint *textures), (n, textures)) \
    V(glDeleteVertexArrays, (GLsizei n, const GLuint *arrays), (n, arrays)) \
    V(glDisable, (GLenum cap), (cap)) \
    V(glDrawArrays, (GLenum mode, GLint first, GLsizei count), (mode, first, count)) \
    V(glDrawArraysInstanced, (GLenum mode, GLint first, GLsizei count, GLsizei instancecount), (mode, first, count, instancecount)) \
    V(glEnable, (GLenum cap), (cap)) \
    V(glEnableVertexAttribArray, (GLuint index), (index)) \
    V(glEndTransformFeedback, (void), ()) \
    X(GLsync, glFenceSync, (GLenum condition, GLbitfield flags), (condition, flags)) \
    V(glFinish, (void), ()) \
    V(glFramebufferRenderbuffer, (GLenum target, GLenum attachment, GLenum renderbuffertarget, GLuint renderbuffer), (target, attachment, renderbuffertarget, renderbuffer)) \
    V(glGenBuffers, (GLsizei n, GLuint *buffers), (n, buffers)) \
    V(glGenFramebuffers, (GLsizei n, GLuint *framebuffers), (n, framebuffers)) \
    V(glGenRenderbuffers, (GLsizei n, GLuint *renderbuffers), (n, renderbuffers)) \
    V(glGenTextures, (GLsizei n, GLuint *textures), (n, textures)) \
    V(glGenVertexArrays, (GLsizei n, GLuint *arrays), (n, arrays)) \
    V(glGetActiveUniformBlockiv, (GLuint program, GLuint uniformBlockIndex, GLenum pname, GLint *params), (program, uniformBlockIndex, pname, params)) \
    V(glGetActiveUniform, (GLuint program, GLuint index, GLsizei bufSize, GLsizei *length, GLint *size, GLenum *type, GLchar *name), (program, index, bufSize, length, size, type, name)) \
    X(GLenum, glGetError, (void), ()) \
    V(glGetFloatv, (GLenum pname, GLfloat *data), (pname, data)) \
    V(glGetIntegerv, (GLenum pname, GLint *data), (pname, data)) \
    V(glGetProgramInfoLog, (GLuint program, GLsizei bufSize, GLsizei *length, GLchar *infoLog), (program, bufSize, length, infoLog)) \
    V(glGetProgramiv, (GLuint program, GLenum pname, GLint *params), (program, pname, params)) \
    V(glGetShaderInfoLog, (GLuint shader, GLsizei bufSize, GLsizei *length, GLchar *infoLog), (shader, bufSize, length, infoLog)) \
    V(glGetShaderPrecisionFormat, (GLenum shadertype, GLenum precisiontype, GLint *range, GLint *precision), (shadertype, precisiontype, range, precision)) \
    V(glGetShaderiv, (GLuint shader, GLenum pname, GLint *params), (shader, pname, params)) \
    X(const GLubyte *, glGetString, (GLenum name), (name)) \
    X(GLuint, glGetUniformBlockIndex, (GLuint program, const GLchar *uniformBlockName), (program, uniformBlockName)) \
    X(GLint, glGetUniformLocation, (GLuint program, const GLchar *name), (program, name)) \
    V(glLinkProgram, (GLuint program), (program)) \
    X(void *, glMapBufferRange, (GLenum target, GLintptr offset, GLsizeiptr length, GLbitfield access), (target, offset, length, access)) \
    V(glPixelStorei, (GLenum pname, GLint param), (pname, param)) \
    V(glReadPixels, (GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type, void *pixels), (x, y, width, height, format, type, pixels)) \
    V(glRenderbufferStorage, (GLenum target, GLenum internalformat, GLsizei width, GLsizei height), (target, internalformat, width, height)) \
    V(glShaderSource, (GLuint shader, GLsizei count, const GLchar *const *string, const GLint *length), (shader, count, string, length)) \
    V(glTexImage2D, (GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height, GLint border, GLenum format, GLenum type, const void *pixels), (target, level, internalformat, width, height, border, format, type, pixels)) \
    V(glTexSubImage2D, (GLenum target, GLint level, GLint xoffset, GLint yoffset, GLsizei width, GLsizei height, GLenum format, GLenum type, const void *pixels), (target, level, xoffset, yoffset, width, height, format, type, pixels)) \
    V(glTexParameteri, (GLenum target, GLenum pname, GLint param), (target, pname, param)) \
    V(glTransformFeedbackVaryings, (GLuint program, GLsizei count, const GLchar *const *varyings, GLenum bufferMode), (program, count, varyings, bufferMode)) \
    V(glUniform1f, (GLint location, GLfloat v0), (location, v0)) \
    V(glUniform1i, (GLint location, GLint v0), (location, v0)) \
    V(glUniform2f, (GLint location, GLfloat v0, GLfloat v1), (location, v0, v1)) \
    V(glUniform2i, (GLint location, GLint v0, GLint v1), (location, v0, v1)) \
    V(glUniform3f, (GLint location, GLfloat v0, GLfloat v1, GLfloat v2), (location, v0, v1, v2)) \
    V(glUniform4f, (GLint location, GLfloat v0, GLfloat v1, GLfloat v2, GLfloat v3), (location, v0, v1, v2, v3)) \
    V(glUniformBlockBinding, (GLuint program, GLuint uniformBlockIndex, GLuint uniformBlockBinding), (program, uniformBlockIndex, uniformBlockBinding)) \
    X(GLboolean, glUnmapBuffer, (GLenum target), (target)) \
    V(glUseProgram, (GLuint program), (program)) \
    V(glVertexAttribDivisor, (GLuint index, GLuint divisor), (index, divisor)) \
    V(glVertexAttribIPointer, (GLuint index, GLint size, GLenum type, GLsizei stride, const void *pointer), (index, size, type, stride, pointer)) \
    V(glVertexAttribPointer, (GLuint index, GLint size, GLenum type, GLboolean normalized, GLsizei stride, const void *pointer), (index, size, type, normalized, stride, pointer)) \
    V(glViewport, (GLint x, GLint y, GLsizei width, GLsizei height), (x, y, width, height))

#endif /* SHATTER_GL_FUNCTIONS_H */
