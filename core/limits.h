// The one set of limits every value passes before it reaches a computation, whichever way it came
// in: a command-line option, a preset, settings.json, a config.json or a GUI widget. validate_scene
// (core/scene.h) applies them to a Scene and check_memory_budget (core/figure_data.h) applies the
// memory budget to the figure a scene asks for; both throw InputError naming the source.
//
// Why these numbers: each is far beyond what any model or lecture uses (the longest published
// context is ~10^7 tokens, but a picture never needs more than 2^20 positions, and data exports at
// that length are what --max-bytes is for), and small enough that products of them cannot overflow
// a 64-bit size or an int index (2^20 · 2^20 = 2^40 cells).
#pragma once

#include <cstdint>
#include <string>

namespace posviz::limits {

constexpr int kMaxSeqLen = 1 << 20;  // positions L
constexpr int kMaxDim = 1 << 15;     // model or head dimension D (real heads: 64-256; tables: 768+)
constexpr int kMaxHeads = 1024;      // ALiBi heads H (real models: up to 128)
constexpr int kMaxBuckets = 4096;    // T5 buckets (real models: 32)
constexpr int kMaxCompared = 16;     // encodings or bases side by side in one figure
constexpr int kMaxDimsShown = 64;    // curves of --dims
constexpr int kMaxSentenceTokens = 4096;  // --sentence: a typed sentence, not a corpus
constexpr double kMaxBase = 1e12;         // frequency base (real models: 1e4 to 1e8)
constexpr int kMinResolution = 16;        // texels per side of a reduced scores picture
constexpr int kMaxResolution = 8192;
// Dims of a table whose principal components are computed (pca): an eigendecomposition of the
// D × D covariance cannot be cancelled and takes O(D³) — about a second at 1024 dims (GPT-2's 768,
// BERT-large's 1024; GPT-2 XL's 1600 takes a few).
constexpr int kMaxPcaDim = 2048;
// Elements of a table read from a file (.npy, .safetensors): 2 GiB as doubles.
constexpr uint64_t kMaxTableElements = uint64_t(1) << 28;

// A table of `elements` doubles read from a file against the memory budget `max_bytes`: throws
// InputError(what, source, ...) naming --max-bytes before anything is allocated.
void check_table_budget(uint64_t elements, int64_t max_bytes, const std::string& what,
                        const std::string& source);

// The memory budget of one computation when none is given: 2 GiB, or a quarter of this machine's
// physical memory where that is less (a laptop must stay usable while the GUI computes).
int64_t default_max_bytes();
// This machine's physical memory in bytes; 0 where the system does not say.
int64_t physical_memory_bytes();
// The largest budget allowed (--max-bytes, or a preset's max_bytes): the physical memory, since a
// budget beyond it checks nothing (INT64_MAX where the system does not say).
int64_t most_max_bytes();

}  // namespace posviz::limits
