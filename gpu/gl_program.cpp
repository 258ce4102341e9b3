#include "gpu/gl_program.h"

#include <algorithm>
#include <string>

#include "core/stage_times.h"
#include "gpu/embedded_shaders.h"
#include "gpu/gpu_error.h"

namespace posviz::gpu {

namespace {

std::string shader_source(const char* name) {
    std::string source(embedded_shader(name));
    if (source.empty())
        throw GpuError(std::string("shader ") + name + " is missing from the binary");
    const std::string include = "#include \"attention_common.glsl\"";
    const size_t at = source.find(include);
    if (at != std::string::npos)
        source.replace(at, include.size(), embedded_shader("attention_common.glsl"));
    return source;
}

}  // namespace

GLuint compile_compute_program(const char* name) {
    const std::string source = shader_source(name);
    const char* text = source.c_str();
    GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(shader, 1, &text, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[4096] = {};
        glGetShaderInfoLog(shader, sizeof log, nullptr, log);
        glDeleteShader(shader);
        throw GpuError(std::string("shader ") + name + " does not compile: " + log);
    }
    GLuint program = glCreateProgram();
    glAttachShader(program, shader);
    glLinkProgram(program);
    glDeleteShader(shader);
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[4096] = {};
        glGetProgramInfoLog(program, sizeof log, nullptr, log);
        glDeleteProgram(program);
        throw GpuError(std::string("shader ") + name + " does not link: " + log);
    }
    return program;
}

void check_gl(const char* what) {
    GLenum error = glGetError();
    if (error != GL_NO_ERROR)
        throw GpuError(std::string(what) + " failed with OpenGL error " + std::to_string(error));
}

void set_int(GLuint program, const char* name, int value) {
    glProgramUniform1i(program, glGetUniformLocation(program, name), value);
}

void set_float(GLuint program, const char* name, float value) {
    glProgramUniform1f(program, glGetUniformLocation(program, name), value);
}

void fill_buffer(GLuint buffer, const float* data, size_t floats) {
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glBufferData(GL_SHADER_STORAGE_BUFFER, GLsizeiptr(std::max<size_t>(1, floats) * 4),
                 floats == 0 ? nullptr : data, GL_STATIC_DRAW);
}

void allocate_buffer(GLuint buffer, size_t floats) {
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glBufferData(GL_SHADER_STORAGE_BUFFER, GLsizeiptr(std::max<size_t>(1, floats) * 4), nullptr,
                 GL_DYNAMIC_READ);
}

void read_buffer(GLuint buffer, size_t first, size_t floats, float* out) {
    const stage_times::Scope timed(stage_times::Stage::GpuWait);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, GLintptr(first * 4), GLsizeiptr(floats * 4), out);
    check_gl("reading a result back");
}

}  // namespace posviz::gpu
