// A scene: everything that determines what posviz computes and shows — the figure, the encoding
// and its parameters, the content vectors. The command line parses its options into a Scene, the
// GUI edits one with widgets, and presets are Scenes saved as JSON. Kinds are kept as the strings
// the command line uses, and are checked (InputError naming the option) when the scene is used.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/attention.h"

namespace posviz {

struct Scene {
    std::string figure = "scores";
    std::string encoding = "rope";  // nope|sinusoidal|learned|shaw|xl|t5|rope|alibi|kerple|fire|xpos
    int seq_len = 128;
    int dim = 64;
    double base = 10000.0;
    std::string sinusoidal_layout = "interleaved";  // interleaved|halves
    std::string rope_style = "interleaved";         // interleaved|half
    double rotary_fraction = 1.0;
    RopeScaling rope_scaling;
    // content
    std::string queries_path, keys_path;  // (L, D) .npy each; override `content`
    std::string content = "random";       // ones|random|zeros
    uint64_t seed = 0;
    // tables
    std::string table_path;      // learned PE table .npy (or .safetensors with table_tensor)
    std::string table_tensor = "wpe.weight";  // tensor name inside a .safetensors file (GPT-2's)
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
    int64_t max_bytes = int64_t(2) << 30;  // cap on a dense output
    // A scores picture of L > resolution is reduced to resolution² texels, each the largest
    // |logit| of its block (core/analyses/block_reduction.h); data exports stay dense.
    int resolution = 2048;
};

// Builds the encoding the scene names (tables loaded, parameters validated). seq_len sizes Shaw's
// seeded table; throws InputError naming the option.
Encoding make_encoding(const Scene& scene, const std::string& encoding_name);
inline Encoding make_encoding(const Scene& scene) { return make_encoding(scene, scene.encoding); }

// Query and key content (L, D): from --queries/--keys, else ones/random(seed)/zeros.
struct Content {
    Matrix queries;
    Matrix keys;
};
Content make_content(const Scene& scene);

// The absolute PE matrix (L, D) of sinusoidal or learned scenes; InputError for other encodings.
Matrix absolute_pe(const Scene& scene);

// The inverse frequencies the scene's encoding turns at (sinusoidal omega_i, or RoPE/xPos theta_i
// after scaling at seq_len); InputError for encodings without frequencies.
Vector scene_inverse_frequencies(const Scene& scene);

// Checks options that do not depend on the figure (L, D > 0, finite numbers, kinds known).
void validate_scene(const Scene& scene);

std::vector<std::string> encoding_names();

}  // namespace posviz
