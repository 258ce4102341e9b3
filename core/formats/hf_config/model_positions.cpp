#include "core/formats/hf_config/model_positions.h"

#include "core/input_error.h"

namespace posviz {

RopeEncoding RopeScheme::encoding() const {
    RopeEncoding rope;
    rope.dim = head_dim;
    rope.base = base;
    rope.style = style;
    rope.rotary_fraction = partial_rotary_factor;
    rope.scaling = scaling;
    return rope;
}

std::string attention_kind_name(AttentionKind kind) {
    switch (kind) {
        case AttentionKind::Full:
            return "full";
        case AttentionKind::Sliding:
            return "sliding";
        case AttentionKind::Chunked:
            return "chunked";
        case AttentionKind::Linear:
            return "linear";
        case AttentionKind::None:
            return "none";
    }
    return "full";
}

namespace {

bool is_local(AttentionKind kind) {
    return kind == AttentionKind::Sliding || kind == AttentionKind::Chunked;
}

// The first layer that `wanted` accepts, preferring one with RoPE; -1 when none is accepted.
template <class Wanted>
int first_layer(const ModelPositions& m, Wanted&& wanted) {
    int any = -1;
    for (int i = 0; i < int(m.layers.size()); ++i) {
        if (!wanted(m.layers[i])) continue;
        if (m.layers[i].kind == PositionKind::Rope) return i;
        if (any < 0) any = i;
    }
    return any;
}

std::string kinds_present(const ModelPositions& m) {
    bool full = false, local = false;
    for (const LayerPositions& l : m.layers) {
        full = full || l.attention == AttentionKind::Full;
        local = local || is_local(l.attention);
    }
    if (full && local) return "full or sliding";
    return full ? "full (this model has no sliding-window or chunked layers)"
                : "sliding (this model has no full-attention layers)";
}

}  // namespace

int choose_layer(const ModelPositions& m, int layer, const std::string& layer_type) {
    if (layer >= 0) {
        if (m.num_layers == 0)
            throw InputError("--layer", std::to_string(layer),
                             "no --layer: the config does not say how many layers " +
                                 m.text_model_type + " has (num_hidden_layers)");
        if (layer >= m.num_layers)
            throw InputError("--layer", std::to_string(layer),
                             "a layer from 0 to " + std::to_string(m.num_layers - 1) + " (" +
                                 m.text_model_type + " has " + std::to_string(m.num_layers) +
                                 " layers)");
        return layer;
    }
    if (!layer_type.empty()) {
        if (layer_type != "full" && layer_type != "sliding")
            throw InputError("--layer-type", layer_type, "full or sliding");
        const bool full = layer_type == "full";
        const int found = first_layer(m, [&](const LayerPositions& l) {
            return full ? l.attention == AttentionKind::Full : is_local(l.attention);
        });
        if (found < 0) throw InputError("--layer-type", layer_type, kinds_present(m));
        return found;
    }
    int found = first_layer(m, [](const LayerPositions& l) {
        return l.attention == AttentionKind::Full && l.kind == PositionKind::Rope;
    });
    if (found < 0)
        found =
            first_layer(m, [](const LayerPositions& l) { return l.kind == PositionKind::Rope; });
    // A model without RoPE: its first attention layer (a hybrid's Mamba layers have no positions
    // to show).
    if (found < 0)
        found = first_layer(m, [](const LayerPositions& l) {
            return l.attention != AttentionKind::Linear && l.attention != AttentionKind::None;
        });
    return found < 0 ? 0 : found;
}

}  // namespace posviz
