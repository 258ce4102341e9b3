// The model families transformers itself defines, as tools/hf_families/extract.py reads them from
// a transformers checkout (configuration_<name>.py and modeling_<name>.py, with Python's ast, never
// importing transformers): the defaults each config class gives position-related keys, the
// positional scheme of its modeling code and the RoPE pair style of its apply_rotary_pos_emb. The
// table itself, transformers_families.cpp, is generated: regenerate it, never edit it
// (tools/hf_families/README.md).
#pragma once

#include <span>
#include <string>

#include "core/formats/hf_config/model_positions.h"

namespace posviz::hf {

// How the modeling code pairs a head's dimensions for RoPE: rotate_half on x[..., :d/2] and
// x[..., d/2:], or (x[..., ::2], x[..., 1::2]) pairs (rotate_every_two, view_as_complex,
// repeat_interleave of cos/sin). Unknown: the script could not tell from the code.
enum class PairStyle { Half, Interleaved, Unknown };

struct TransformersFamily {
    const char* model_type;
    const char* config_class;
    // The class's defaults for position-related keys, as a config.json would write them (JSON);
    // a key whose default is None is absent.
    const char* defaults_json;
    PositionKind kind;  // Rope, Alibi, LearnedAbsolute or T5RelativeBuckets
    PairStyle style;    // Rope only
    // Rope types the modeling code adds beyond transformers' ROPE_INIT_FUNCTIONS, comma-separated
    // ("dynamic (alpha)": HunYuan's NTK-alpha θ); "" for none.
    const char* added_rope_types;
    // Learned tables: nn.Embedding(config.<rows>, config.<dim>) as config.json names the keys, and
    // the attribute holding it ("wpe.weight"); nullptr otherwise.
    const char* table_rows_key;
    const char* table_dim_key;
    const char* table_tensor;
    const char* config_source;  // the files read, relative to the checkout
    const char* modeling_source;
    const char* commit;  // their transformers commit (abbreviated)
};

// Sorted by model_type.
std::span<const TransformersFamily> transformers_families();

// The transformers commit(s) the table was generated from, in full.
const char* transformers_commit();

// nullptr for a model_type transformers does not define (or whose attention has no positions).
const TransformersFamily* find_transformers_family(const std::string& model_type);

}  // namespace posviz::hf
