// The browser's OpenGL is WebGL 2, which emscripten offers as OpenGL ES 3.0: the GUI's drawing
// code includes <epoxy/gl.h> (its desktop loader) and gets the ES 3 declarations here instead.
#pragma once

#include <GLES3/gl3.h>

// What gpu/gpu_context.cpp asks epoxy about the context: OpenGL ES 3.0, and none of the desktop
// extensions (WebGL 2 has no compute shaders).
inline int epoxy_gl_version() {
    return 30;
}
inline bool epoxy_has_gl_extension(const char*) {
    return false;
}
