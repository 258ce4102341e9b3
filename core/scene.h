// A scene: everything that determines what posviz computes and shows — the figure, the encoding
// and its parameters, the content vectors. The command line parses its options into a Scene, the
// GUI edits one with widgets, and presets are Scenes saved as JSON. Kinds are kept as the strings
// the command line uses, and are checked (InputError naming the option) when the scene is used.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/attention.h"
#include "core/limits.h"

namespace posviz {

// Query and key content held in memory by whoever builds the scene (the Python module's NumPy
// arrays) instead of files: make_content reads them in place, with the checks --queries/--keys
// files get (shape (L, D), finite values). `owner` keeps the memory alive while any copy of the
// scene holds it. Never saved in presets or settings.
struct ContentArrays {
    ContentArrays(const double* queries_data, Eigen::Index query_rows, Eigen::Index query_cols,
                  const double* keys_data, Eigen::Index key_rows, Eigen::Index key_cols,
                  std::shared_ptr<const void> owner_)
        : queries(queries_data, query_rows, query_cols),
          keys(keys_data, key_rows, key_cols),
          owner(std::move(owner_)) {}
    Eigen::Map<const Matrix> queries, keys;  // row-major (C order), read where they lie
    std::shared_ptr<const void> owner;
};

struct Scene {
    std::string figure = "scores";
    std::string encoding =
        "rope";  // nope|sinusoidal|learned|shaw|xl|t5|rope|alibi|kerple|fire|xpos
    int seq_len = 128;
    int dim = 64;
    double base = 10000.0;
    std::string sinusoidal_layout = "interleaved";  // interleaved|halves
    std::string rope_style = "interleaved";         // interleaved|half
    double rotary_fraction = 1.0;
    // The model the scene was read from (--model-config / --model), for figure subtitles: its
    // name and type, e.g. "llama-3.1-8b (llama)"; empty without one. Not saved in presets.
    std::string model_name;
    // Its model_type is not one posviz's family table lists: it was read as Llama-like, and the
    // subtitles say so (model_summary).
    bool model_type_assumed = false;
    RopeScaling rope_scaling;
    // content
    std::string queries_path, keys_path;  // (L, D) .npy each; override `content`
    // In-memory queries and keys (the Python module); override the paths and `content`.
    std::shared_ptr<const ContentArrays> content_arrays;
    std::string content = "random";  // ones|random|zeros|sentence
    // content "sentence": the text whose tokens are the content (core/sentence.h); L is then its
    // token count (fit_length_to_sentence).
    std::string sentence;
    uint64_t seed = 0;
    // tables
    std::string table_path;  // learned PE table .npy (or .safetensors with table_tensor)
    std::string table_tensor = "wpe.weight";  // tensor name inside a .safetensors file (GPT-2's)
    // Row of the table that holds position 0: OPT and BART look positions up at m + 2, RoBERTa at
    // m + padding_idx + 1 (set by --model from the config).
    int table_row_offset = 0;
    // Rows of the seeded stand-in table (no --table): the positions it has, max_len; 0 means L.
    // Set below L, the figures show the wall of learned tables: positions at and past max_len
    // have no row (absolute_pe_drawn).
    int max_len = 0;
    std::string rel_table_path;  // Shaw (2L-1, D)
    int shaw_clip = 0;
    // relative biases
    int heads = 8;
    int head = 0;
    int num_buckets = 32;
    int max_distance = 128;
    bool bidirectional = false;
    std::string kerple_kind = "log";  // log|power
    double kerple_r1 = 1.0;
    double kerple_r2 = 1.0;
    double xpos_gamma = 0.4;
    double xpos_scale_base = 512.0;
    // scores
    bool softmax = false;
    bool causal = false;
    std::vector<int> dims = {2, 6, 12};
    std::vector<std::string> compare;  // encodings laid side by side (figures)
    // Memory budget of one computation: its outputs and intermediates (core/figure_data.h), and
    // tables read from files. A machine's setting: presets and settings.json do not save it.
    int64_t max_bytes = limits::default_max_bytes();
    // A scores picture of L > resolution is reduced to resolution² texels, each the largest
    // |logit| of its block (core/analyses/block_reduction.h); data exports stay dense.
    int resolution = 2048;
};

// Builds the encoding the scene names (tables loaded, parameters validated). seq_len sizes Shaw's
// seeded table; throws InputError naming the option.
Encoding make_encoding(const Scene& scene, const std::string& encoding_name);
inline Encoding make_encoding(const Scene& scene) {
    return make_encoding(scene, scene.encoding);
}

// With content "sentence", sets seq_len to the sentence's token count (InputError naming --sentence
// or `where`.sentence for a sentence that has none or is not UTF-8); other scenes are unchanged.
void fit_length_to_sentence(Scene& scene, const std::string& where = "");

// The tokens of a sentence scene, one per position; empty for other content.
std::vector<std::string> scene_tokens(const Scene& scene);

// Query and key content (L, D): from --queries/--keys, else ones/random(seed)/zeros, or the
// sentence's token vectors (core/sentence.h).
struct Content {
    Matrix queries;
    Matrix keys;
};
Content make_content(const Scene& scene);

// The absolute PE matrix (L, D) of sinusoidal or learned scenes; InputError for other encodings.
Matrix absolute_pe(const Scene& scene);

// The rows of the absolute PE that exist among positions 0 … L − 1: all L for sinusoidal; the
// first min(L, max_len) of a learned table. For pictures of the table itself (PCA).
Matrix absolute_pe_table(const Scene& scene);
// The same, L rows for pictures: rows of positions at and past a learned table's max_len are NaN,
// drawn masked, where absolute_pe refuses to make them up.
Matrix absolute_pe_drawn(const Scene& scene);
// The learned table's max_len when it is shorter than L (positions past it shown masked), else 0.
int missing_rows_from(const Scene& scene);

// The inverse frequencies the scene's encoding turns at (sinusoidal omega_i, or RoPE/xPos theta_i
// after scaling at seq_len); InputError for encodings without frequencies.
Vector scene_inverse_frequencies(const Scene& scene);

// Checks every value against core/limits.h (sizes, ranges, finiteness, kinds known), before any
// computation. Errors name the command-line option, or with `where` the field of a preset or
// settings file ("preset.json: scene" gives "preset.json: scene.seq_len").
void validate_scene(const Scene& scene, const std::string& where = "");

std::vector<std::string> encoding_names();

}  // namespace posviz
