#include "gpu/gpu_attention.h"

#include <epoxy/gl.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/input_error.h"
#include "core/stage_times.h"
#include "gpu/gl_program.h"
#include "gpu/gpu_error.h"
#include "gpu/gpu_problem.h"

namespace posviz::gpu {

namespace {

enum Buffer { kQueries = 0, kKeys = 1, kBiasTable = 2, kOutput = 3, kRowStats = 4, kSummary = 5 };
constexpr int kBufferCount = 6;

// Throws GpuError (the CPU then computes) when `floats` floats exceed one storage block.
void check_block_size(const char* what, size_t floats) {
    GLint64 max_block_bytes = 0;
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &max_block_bytes);
    if (GLint64(floats * 4) > max_block_bytes)
        throw GpuError(std::string(what) + ": " + std::to_string((floats * 4) >> 20) +
                       " MiB in one storage buffer, more than this GPU's limit of " +
                       std::to_string(max_block_bytes >> 20) + " MiB");
}

// Sets the uniforms of attention_common.glsl in `program`.
void set_problem_uniforms(const GpuProblem& p, GLuint program) {
    set_int(program, "seq_len", p.seq_len);
    set_int(program, "dim", p.dim);
    set_float(program, "scale", float(1.0 / std::sqrt(double(p.dim))));
    set_int(program, "bias_kind", int(p.bias));
    glProgramUniform3f(program, glGetUniformLocation(program, "bias_params"), p.params[0],
                       p.params[1], p.params[2]);
    set_int(program, "bias_int_param", p.int_param);
    set_int(program, "causal", p.causal ? 1 : 0);
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

GpuAttention::GpuAttention(const GpuContext& context)
    : context_(context), graveyard_(std::make_shared<BufferGraveyard>()) {
    make_current();
    logits_program_ = compile_compute_program("attention_logits.comp");
    stats_program_ = compile_compute_program("row_softmax_stats.comp");
    reduce_program_ = compile_compute_program("reduce_max_abs.comp");
    summary_program_ = compile_compute_program("summarize_values.comp");
    glGenBuffers(kBufferCount, buffers_);
    check_gl("creating the shader programs");
}

GpuAttention::~GpuAttention() {
    if (!context_.make_current()) return;
    graveyard_->delete_buried();
    glDeleteBuffers(kBufferCount, buffers_);
    for (GLuint program : {logits_program_, stats_program_, reduce_program_, summary_program_})
        glDeleteProgram(program);
}

void GpuAttention::make_current() {
    const stage_times::Scope timed(stage_times::Stage::GpuContext);
    if (!context_.make_current()) throw GpuError("the GPU context cannot be made current");
    graveyard_->delete_buried();
}

void GpuAttention::start(const GpuProblem& p, bool softmax) {
    make_current();
    check_block_size("the queries", p.queries.size());
    check_block_size("the keys", p.keys.size());
    check_block_size("the bias table", p.table.size());
    fill_buffer(buffers_[kQueries], p.queries.data(), p.queries.size());
    fill_buffer(buffers_[kKeys], p.keys.data(), p.keys.size());
    fill_buffer(buffers_[kBiasTable], p.table.data(), p.table.size());
    // Every pass declares the row statistics, which only probabilities read.
    allocate_buffer(buffers_[kRowStats], 2 * size_t(p.seq_len));
    for (int b : {kQueries, kKeys, kBiasTable, kRowStats})
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, GLuint(b), buffers_[b]);
    for (GLuint program : {logits_program_, stats_program_, reduce_program_})
        set_problem_uniforms(p, program);
    check_gl("uploading the attention inputs");
    if (softmax) run_row_stats(p);
}

void GpuAttention::run_row_stats(const GpuProblem& problem) {
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

void GpuAttention::run_logits(const GpuProblem& problem, bool softmax, long first, long rows,
                              GLuint output) {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kOutput, output);
    set_int(logits_program_, "probabilities", softmax ? 1 : 0);
    set_int(logits_program_, "row_offset", int(first));
    set_int(logits_program_, "rows", int(rows));
    glUseProgram(logits_program_);
    glDispatchCompute(groups(problem.seq_len, 16), groups(rows, 16), 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
    check_gl("the logits pass");
}

void GpuAttention::run_max_abs(const GpuProblem& problem, bool softmax, int size, GLuint output) {
    // Block bounds floor(i·L/R) are formed in 32 bits, i <= R.
    if (long(size) * problem.seq_len > 0xffffffffL)
        throw GpuError("the max |logit| reduction takes R·L < 2^32 (block bounds in 32 bits)");
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kOutput, output);
    set_int(reduce_program_, "resolution", size);
    set_int(reduce_program_, "probabilities", softmax ? 1 : 0);
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
}

RowSoftmaxStats GpuAttention::row_softmax_stats(const Encoding& encoding, const Matrix& queries,
                                                const Matrix& keys, bool causal) {
    const GpuProblem problem = prepare_gpu_problem(encoding, queries, keys, causal);
    start(problem, true);
    std::vector<float> stats(2 * size_t(problem.seq_len));
    read_buffer(buffers_[kRowStats], 0, stats.size(), stats.data());
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
    start(problem, softmax);
    const long seq_len = problem.seq_len;
    // Row blocks within the storage-buffer limit, and at most 64 MiB each.
    GLint64 max_block_bytes = 0;
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &max_block_bytes);
    const long block_bytes = std::min<long>(long(max_block_bytes), 64L << 20);
    const long block_rows = std::clamp(block_bytes / (4 * seq_len), 1L, seq_len);
    allocate_buffer(buffers_[kOutput], size_t(block_rows * seq_len));
    Matrix result(seq_len, seq_len);
    std::vector<float> block(size_t(block_rows * seq_len));
    for (long first = 0; first < seq_len; first += block_rows) {
        const long rows = std::min(block_rows, seq_len - first);
        run_logits(problem, softmax, first, rows, buffers_[kOutput]);
        read_buffer(buffers_[kOutput], 0, size_t(rows * seq_len), block.data());
        for (long i = 0; i < rows * seq_len; ++i)
            result.data()[first * seq_len + i] = block[size_t(i)];
    }
    return result;
}

Matrix GpuAttention::max_abs_logits(const Encoding& encoding, const Matrix& queries,
                                    const Matrix& keys, bool causal, bool softmax, int resolution) {
    if (resolution < 1)
        throw InputError("--resolution", std::to_string(resolution), "an integer >= 1");
    const GpuProblem problem = prepare_gpu_problem(encoding, queries, keys, causal);
    start(problem, softmax);
    const int size = std::min(resolution, problem.seq_len);
    allocate_buffer(buffers_[kOutput], size_t(size) * size_t(size));
    run_max_abs(problem, softmax, size, buffers_[kOutput]);
    std::vector<float> texels(size_t(size) * size_t(size));
    read_buffer(buffers_[kOutput], 0, texels.size(), texels.data());
    Matrix result(size, size);
    for (size_t i = 0; i < texels.size(); ++i) result.data()[i] = texels[i];
    return result;
}

std::shared_ptr<GpuMatrix> GpuAttention::device_scores(const Encoding& encoding,
                                                       const Matrix& queries, const Matrix& keys,
                                                       bool causal, bool softmax, int resolution) {
    if (resolution < 1)
        throw InputError("--resolution", std::to_string(resolution), "an integer >= 1");
    const GpuProblem problem = [&] {
        const stage_times::Scope timed(stage_times::Stage::Encoding);
        return prepare_gpu_problem(encoding, queries, keys, causal);
    }();
    start(problem, softmax);
    const long seq_len = problem.seq_len;
    const bool reduced = seq_len > resolution;
    const int size = int(std::min<long>(resolution, seq_len));
    const size_t count = size_t(size) * size_t(size);
    check_block_size(("a " + std::to_string(size) + "² map").c_str(), count);
    GLuint output = 0;
    glGenBuffers(1, &output);
    try {
        allocate_buffer(output, count);
        if (reduced)
            run_max_abs(problem, softmax, size, output);
        else
            run_logits(problem, softmax, 0, seq_len, output);
        const auto [largest, masked] = summarize(output, count);
        return std::make_shared<GpuMatrix>(output, size, size, largest, masked, graveyard_);
    } catch (...) {
        glDeleteBuffers(1, &output);
        throw;
    }
}

std::pair<double, bool> GpuAttention::summarize(GLuint values, size_t count) {
    // Workgroups of 256 invocations, each folding at most ~4096 values.
    const GLuint workgroups = GLuint(std::clamp<size_t>(count / (256 * 4096) + 1, 1, 65535));
    allocate_buffer(buffers_[kSummary], 2 * size_t(workgroups));
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kOutput, values);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kSummary, buffers_[kSummary]);
    glProgramUniform1ui(summary_program_, glGetUniformLocation(summary_program_, "count"),
                        GLuint(count));
    glUseProgram(summary_program_);
    glDispatchCompute(workgroups, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    check_gl("the summary pass");
    std::vector<float> partial(2 * size_t(workgroups));
    read_buffer(buffers_[kSummary], 0, partial.size(), partial.data());  // waits for the GPU
    double largest = 0.0;
    bool masked = false;
    for (size_t g = 0; g < workgroups; ++g) {
        largest = std::max(largest, double(partial[2 * g]));
        masked = masked || partial[2 * g + 1] != 0.0f;
    }
    return {largest, masked};
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

}  // namespace posviz::gpu
