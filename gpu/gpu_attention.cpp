#include "gpu/gpu_attention.h"

#include <epoxy/gl.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/input_error.h"
#include "gpu/embedded_shaders.h"
#include "gpu/gpu_error.h"
#include "gpu/gpu_problem.h"

namespace posviz::gpu {

namespace {

enum Buffer { kQueries = 0, kKeys = 1, kBiasTable = 2, kOutput = 3, kRowStats = 4 };

std::string shader_source(const char* name) {
    std::string source(embedded_shader(name));
    const std::string include = "#include \"attention_common.glsl\"";
    const size_t at = source.find(include);
    if (source.empty() || at == std::string::npos)
        throw GpuError(std::string("shader ") + name + " is missing from the binary");
    return source.replace(at, include.size(), embedded_shader("attention_common.glsl"));
}

GLuint compile_program(const char* name) {
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

// Storage of at least 4 bytes: a zero-size buffer cannot be bound.
void fill_buffer(GLuint buffer, const std::vector<float>& data) {
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glBufferData(GL_SHADER_STORAGE_BUFFER, GLsizeiptr(std::max<size_t>(1, data.size()) * 4),
                 data.empty() ? nullptr : data.data(), GL_STATIC_DRAW);
}

void allocate_buffer(GLuint buffer, size_t floats) {
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glBufferData(GL_SHADER_STORAGE_BUFFER, GLsizeiptr(std::max<size_t>(1, floats) * 4), nullptr,
                 GL_DYNAMIC_READ);
}

std::vector<float> read_buffer(GLuint buffer, size_t floats) {
    std::vector<float> data(floats);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, GLsizeiptr(floats * 4), data.data());
    check_gl("reading a result back");
    return data;
}

void set_int(GLuint program, const char* name, int value) {
    glProgramUniform1i(program, glGetUniformLocation(program, name), value);
}

// Uploads the problem's buffers and sets the uniforms of attention_common.glsl in `program`.
void upload(const GpuProblem& p, GLuint program, const GLuint* buffers) {
    fill_buffer(buffers[kQueries], p.queries);
    fill_buffer(buffers[kKeys], p.keys);
    fill_buffer(buffers[kBiasTable], p.table);
    for (int b : {kQueries, kKeys, kBiasTable, kOutput, kRowStats})
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, GLuint(b), buffers[b]);
    set_int(program, "seq_len", p.seq_len);
    set_int(program, "dim", p.dim);
    glProgramUniform1f(program, glGetUniformLocation(program, "scale"),
                       float(1.0 / std::sqrt(double(p.dim))));
    set_int(program, "bias_kind", int(p.bias));
    glProgramUniform3f(program, glGetUniformLocation(program, "bias_params"), p.params[0],
                       p.params[1], p.params[2]);
    set_int(program, "bias_int_param", p.int_param);
    set_int(program, "causal", p.causal ? 1 : 0);
    check_gl("uploading the attention inputs");
}

GLuint groups(long count, long size) {
    return GLuint((count + size - 1) / size);
}

// Mesa's llvmpipe ends the loops of one invocation after 65535 iterations in all (its guard
// against endless loops): the streaming passes split their loops over dispatches so that each
// invocation stays under this count. A logit loops D times, twice D for Shaw, plus FIRE's MLP;
// a logit per offset does not loop.
constexpr long kLoopIterationsPerInvocation = 60000;

long logits_per_invocation(const GpuProblem& p) {
    long per_logit = p.bias == BiasKind::OffsetLogits ? 1 : 1 + p.dim;
    if (p.bias == BiasKind::Shaw) per_logit += p.dim;
    if (p.bias == BiasKind::Fire) per_logit += p.int_param;
    if (per_logit * 2 > kLoopIterationsPerInvocation)
        throw GpuError("D = " + std::to_string(p.dim) + " is too wide for one shader invocation");
    return kLoopIterationsPerInvocation / per_logit;
}

}  // namespace

GpuAttention::GpuAttention(const EglContext& context) : context_(context) {
    if (!context_.make_current()) throw GpuError("the EGL context cannot be made current");
    logits_program_ = compile_program("attention_logits.comp");
    stats_program_ = compile_program("row_softmax_stats.comp");
    reduce_program_ = compile_program("reduce_max_abs.comp");
    glGenBuffers(5, buffers_);
    check_gl("creating the shader programs");
}

GpuAttention::~GpuAttention() {
    if (!context_.make_current()) return;
    glDeleteBuffers(5, buffers_);
    glDeleteProgram(logits_program_);
    glDeleteProgram(stats_program_);
    glDeleteProgram(reduce_program_);
}

void GpuAttention::run_row_stats(const GpuProblem& problem) {
    upload(problem, stats_program_, buffers_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kRowStats, buffers_[kRowStats]);
    glUseProgram(stats_program_);
    const long keys_per_dispatch = logits_per_invocation(problem);
    set_int(stats_program_, "key_count", int(keys_per_dispatch));
    for (long first = 0; first < problem.seq_len; first += keys_per_dispatch) {
        set_int(stats_program_, "key_first", int(first));
        glDispatchCompute(groups(problem.seq_len, 64), 1, 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    }
    check_gl("the row softmax statistics pass");
}

RowSoftmaxStats GpuAttention::row_softmax_stats(const Encoding& encoding, const Matrix& queries,
                                                const Matrix& keys, bool causal) {
    const GpuProblem problem = prepare_gpu_problem(encoding, queries, keys, causal);
    if (!context_.make_current()) throw GpuError("the EGL context cannot be made current");
    allocate_buffer(buffers_[kRowStats], 2 * size_t(problem.seq_len));
    run_row_stats(problem);
    const std::vector<float> stats = read_buffer(buffers_[kRowStats], 2 * size_t(problem.seq_len));
    RowSoftmaxStats result{Vector(problem.seq_len), Vector(problem.seq_len)};
    for (int m = 0; m < problem.seq_len; ++m) {
        result.max[m] = stats[2 * size_t(m)];
        result.sum[m] = stats[2 * size_t(m) + 1];
    }
    return result;
}

Matrix GpuAttention::logits(const Encoding& encoding, const Matrix& queries, const Matrix& keys,
                            bool causal, bool softmax) {
    const GpuProblem problem = prepare_gpu_problem(encoding, queries, keys, causal);
    if (!context_.make_current()) throw GpuError("the EGL context cannot be made current");
    const long seq_len = problem.seq_len;
    allocate_buffer(buffers_[kRowStats], 2 * size_t(seq_len));
    if (softmax) run_row_stats(problem);
    // Row blocks within the storage-buffer limit, and at most 64 MiB each.
    GLint64 max_block_bytes = 0;
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &max_block_bytes);
    const long block_bytes = std::min<long>(long(max_block_bytes), 64L << 20);
    const long block_rows = std::clamp(block_bytes / (4 * seq_len), 1L, seq_len);
    allocate_buffer(buffers_[kOutput], size_t(block_rows * seq_len));
    upload(problem, logits_program_, buffers_);
    set_int(logits_program_, "probabilities", softmax ? 1 : 0);
    glUseProgram(logits_program_);
    Matrix result(seq_len, seq_len);
    for (long first = 0; first < seq_len; first += block_rows) {
        const long rows = std::min(block_rows, seq_len - first);
        set_int(logits_program_, "row_offset", int(first));
        set_int(logits_program_, "rows", int(rows));
        glDispatchCompute(groups(seq_len, 16), groups(rows, 16), 1);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        check_gl("the logits pass");
        const std::vector<float> block = read_buffer(buffers_[kOutput], size_t(rows * seq_len));
        for (size_t i = 0; i < block.size(); ++i)
            result.data()[first * seq_len + long(i)] = block[i];
    }
    return result;
}

long GpuAttention::buffer_bytes() const {
    if (!context_.make_current()) return 0;
    long total = 0;
    for (GLuint buffer : buffers_) {
        GLint64 size = 0;
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
        glGetBufferParameteri64v(GL_SHADER_STORAGE_BUFFER, GL_BUFFER_SIZE, &size);
        total += long(size);
    }
    return total;
}

Matrix GpuAttention::max_abs_logits(const Encoding& encoding, const Matrix& queries,
                                    const Matrix& keys, bool causal, int resolution) {
    if (resolution < 1)
        throw InputError("--resolution", std::to_string(resolution), "an integer >= 1");
    const GpuProblem problem = prepare_gpu_problem(encoding, queries, keys, causal);
    if (!context_.make_current()) throw GpuError("the EGL context cannot be made current");
    if (problem.seq_len > 65535)
        throw GpuError("the max |logit| reduction takes L <= 65535 (block bounds in 32 bits)");
    const int size = std::min(resolution, problem.seq_len);
    allocate_buffer(buffers_[kOutput], size_t(size) * size_t(size));
    upload(problem, reduce_program_, buffers_);
    set_int(reduce_program_, "resolution", size);
    glUseProgram(reduce_program_);
    // Blocks span at most ceil(L/R) rows and columns; one dispatch per row of a block and run of
    // columns (see kLoopIterationsPerInvocation).
    const long block_span = (problem.seq_len + size - 1) / size;
    const long cols_per_dispatch = std::min(block_span, logits_per_invocation(problem));
    set_int(reduce_program_, "col_count", int(cols_per_dispatch));
    for (long row = 0; row < block_span; ++row)
        for (long col = 0; col < block_span; col += cols_per_dispatch) {
            set_int(reduce_program_, "row_in_block", int(row));
            set_int(reduce_program_, "col_first", int(col));
            glDispatchCompute(groups(size, 8), groups(size, 8), 1);
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        }
    check_gl("the max |logit| reduction pass");
    const std::vector<float> texels = read_buffer(buffers_[kOutput], size_t(size) * size_t(size));
    Matrix result(size, size);
    for (size_t i = 0; i < texels.size(); ++i) result.data()[i] = texels[i];
    return result;
}

}  // namespace posviz::gpu
