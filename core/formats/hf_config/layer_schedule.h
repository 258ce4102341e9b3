// Which attention each layer has and whether it applies RoPE, as each family's config class and
// attention module decide it: the config's layer_types and no_rope_layers lists when it has them
// (transformers 4.53+ writes layer_types), else the family's rule (families.h).
#pragma once

#include <vector>

#include "core/formats/hf_config/config_block.h"
#include "core/formats/hf_config/families.h"
#include "core/formats/hf_config/model_positions.h"

namespace posviz::hf {

// num_layers entries (kind Rope or NoPE, rope index unset), or one standing for every layer when
// num_layers is 0 and the config has no per-layer list.
std::vector<LayerPositions> read_layer_schedule(const Block& model, const Family* family,
                                                int num_layers);

// "full_attention", "sliding_attention", "chunked_attention": the layer type names of
// transformers' layer_types and of per-layer-type rope_parameters blocks.
std::string layer_type_name(AttentionKind kind);

}  // namespace posviz::hf
