#include "app/gui/views/model_state.h"

#include <algorithm>

#include "core/formats/hf_config/describe_model.h"
#include "core/limits.h"

namespace posviz::gui {

int model_seq_len(const ModelPositions& m, int current) {
    const int longest = std::max(m.max_position_embeddings, m.training_length);
    return longest > 0 ? std::clamp(longest, 2, limits::kMaxSeqLen) : current;
}

LoadedModel load_model(const ModelChoice& choice, Scene& scene) {
    Scene changed = scene;
    const AppliedModel applied = apply_model_to_scene(choice, changed);
    changed.seq_len = model_seq_len(applied.model, changed.seq_len);
    scene = changed;  // only once the whole model could be read and applied
    LoadedModel loaded{choice, applied.model, applied.layer, scene};
    loaded.choice.layer = applied.layer;
    return loaded;
}

bool model_applied(const LoadedModel& loaded, const Scene& now) {
    const Scene& a = loaded.applied;
    const RopeScaling &x = a.rope_scaling, &y = now.rope_scaling;
    return a.model_name == now.model_name && a.encoding == now.encoding && a.dim == now.dim &&
           a.base == now.base && a.rope_style == now.rope_style &&
           a.rotary_fraction == now.rotary_fraction && x.type == y.type && x.factor == y.factor &&
           x.original_max_position_embeddings == y.original_max_position_embeddings &&
           x.max_position_embeddings == y.max_position_embeddings && a.heads == now.heads &&
           a.num_buckets == now.num_buckets && a.max_distance == now.max_distance &&
           a.table_path == now.table_path && a.table_tensor == now.table_tensor;
}

std::vector<std::string> layer_names(const ModelPositions& m, const std::string& lang) {
    std::vector<std::string> names;
    const Text t{lang};
    if (m.layers.size() <= 1 && m.num_layers <= 1) {
        names.push_back(t("all layers: ", "所有层：") + describe_layer(m, 0, t));
        return names;
    }
    for (size_t i = 0; i < m.layers.size(); ++i)
        names.push_back(t("layer ", "第 ") + std::to_string(i) + t(": ", " 层：") +
                        describe_layer(m, int(i), t));
    return names;
}

}  // namespace posviz::gui
