// Compute programs from the shaders embedded in the binary (gpu/embedded_shaders.h), and the GL
// error check the GPU backend raises GpuError with. Need a current OpenGL 4.3 context.
#pragma once

#include <epoxy/gl.h>

namespace posviz::gpu {

// Compiles and links shaders/<name>, with `#include "attention_common.glsl"` replaced by that
// file; throws GpuError with the compiler's log if it fails.
GLuint compile_compute_program(const char* name);
// Throws GpuError naming `what` if OpenGL has recorded an error.
void check_gl(const char* what);
void set_int(GLuint program, const char* name, int value);
void set_float(GLuint program, const char* name, float value);

// Storage buffers of at least 4 bytes (a zero-size buffer cannot be bound).
void fill_buffer(GLuint buffer, const float* data, size_t floats);
void allocate_buffer(GLuint buffer, size_t floats);
// Waits for the GPU and copies `floats` floats from `first` on.
void read_buffer(GLuint buffer, size_t first, size_t floats, float* out);

}  // namespace posviz::gpu
