#include "core/formats/hf_config/model_scene.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "core/encodings/alibi.h"
#include "core/formats/hf_config.h"
#include "core/formats/hf_config/model_folder.h"
#include "core/input_error.h"

namespace posviz {

namespace {

bool several_schemes(const ModelPositions& m) {
    for (const LayerPositions& l : m.layers)
        if (l.kind != m.layers.front().kind || l.rope != m.layers.front().rope) return true;
    return false;
}

void use_rope(const RopeScheme& r, Scene& scene, bool keep_encoding) {
    if (!keep_encoding) scene.encoding = scene.encoding == "xpos" ? "xpos" : "rope";
    scene.dim = r.head_dim;
    scene.base = r.base;
    scene.rope_style = r.style == RopeStyle::Interleaved ? "interleaved" : "half";
    scene.rotary_fraction = r.partial_rotary_factor;
    scene.rope_scaling = r.scaling;
}

// ALiBi figures use Press et al.'s slopes; MPT's differ for a head count that is not a power of
// two or an alibi_bias_max other than 8, and those are refused rather than drawn wrong.
void use_alibi(const ModelPositions& m, const char* option, Scene& scene, bool keep_encoding) {
    const Vector press = alibi_slopes(int(m.alibi_slopes.size()));
    for (size_t h = 0; h < m.alibi_slopes.size(); ++h)
        if (std::abs(press[h] - m.alibi_slopes[h]) > 1e-12 * press[h])
            throw InputError(option, describe_positions(m),
                             "ALiBi slopes of Press et al. (2^(-8k/H)), which posviz draws");
    if (!keep_encoding) scene.encoding = "alibi";
    scene.heads = int(m.alibi_slopes.size());
    scene.head = std::min(scene.head, scene.heads - 1);
}

void use_table(const ModelPositions& m, const ModelChoice& c, Scene& scene) {
    if (c.model_dir.empty())
        throw InputError("--model-config", c.config_path,
                         "a RoPE, ALiBi or T5 model's config (" + describe_positions(m) +
                             "; give its folder with --model DIR to draw its table)");
    if (m.kind == PositionKind::LearnedRelative)
        throw InputError("--model", c.model_dir,
                         "a model posviz can draw (" + describe_positions(m) + ")");
    const PositionTableFile table = find_position_table(open_model_folder(c.model_dir), m);
    if (!c.keep_encoding) scene.encoding = "learned";
    scene.table_path = table.path;
    scene.table_tensor = table.tensor;
    scene.table_row_offset = m.table_offset;
    scene.dim = table.cols;
}

}  // namespace

ModelChoice model_choice_from_path(const std::string& path) {
    std::error_code error;
    ModelChoice c;
    (std::filesystem::is_directory(path, error) ? c.model_dir : c.config_path) = path;
    return c;
}

ModelPositions read_model(const ModelChoice& c) {
    return c.model_dir.empty()
               ? read_hf_config(c.config_path)
               : read_hf_config(open_model_folder(c.model_dir).config_path, "--model");
}

// What figures call the model (decision: the name the user gave it, as a path): a config file's
// name, or its folder's for a config.json; a model folder's name, a cache folder
// models--org--name as org/name; with the config's model_type after it.
std::string model_name(const ModelChoice& c, const ModelPositions& m) {
    namespace fs = std::filesystem;
    const fs::path path = fs::path(c.model_dir.empty() ? c.config_path : c.model_dir);
    const fs::path trimmed = path.filename().empty() ? path.parent_path() : path;
    std::string name =
        c.model_dir.empty() && trimmed.stem() != "config"
            ? trimmed.stem().string()
            : (c.model_dir.empty() ? trimmed.parent_path() : trimmed).filename().string();
    if (name.rfind("models--", 0) == 0) {
        name.erase(0, 8);
        const size_t separator = name.find("--");
        if (separator != std::string::npos) name.replace(separator, 2, 1, '/');
    }
    if (m.model_type.empty() || m.model_type == name) return name;
    if (name.empty()) return m.model_type;
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on name + " (" + … here.
    name += " (";
    name += m.model_type;
    name += ")";
    return name;
}

AppliedModel apply_model_to_scene(const ModelChoice& c, Scene& scene) {
    const bool from_dir = !c.model_dir.empty();
    AppliedModel applied;
    applied.model = read_model(c);
    const ModelPositions& m = applied.model;
    applied.layer = choose_layer(m, c.layer, c.layer_type);
    const LayerPositions& l = m.layers[applied.layer];
    scene.model_name = model_name(c, m);
    scene.model_type_assumed = !m.assumption.empty();
    if (scene.model_type_assumed) applied.notes.push_back(m.assumption.en);
    const std::string layer = "layer " + std::to_string(applied.layer);
    if (m.has_rope() && m.num_layers > 0 && several_schemes(m) && c.layer < 0 &&
        c.layer_type.empty())
        applied.notes.push_back(m.text_model_type + ": figures show " + layer + ": " +
                                describe_layer(m, applied.layer) +
                                " (--layer N or --layer-type full|sliding for others)");
    switch (l.kind) {
        case PositionKind::Rope:
            use_rope(m.ropes[l.rope], scene, c.keep_encoding);
            break;
        case PositionKind::NoPE:
            applied.notes.push_back(m.text_model_type + " " + layer +
                                    " has no positional encoding: figures show NoPE");
            if (!c.keep_encoding) scene.encoding = "nope";
            if (!m.ropes.empty()) scene.dim = m.ropes.front().head_dim;
            break;
        case PositionKind::T5RelativeBuckets:
            if (!c.keep_encoding) scene.encoding = "t5";
            scene.num_buckets = m.relative_attention_num_buckets;
            scene.max_distance = m.relative_attention_max_distance;
            break;
        case PositionKind::Alibi:
            use_alibi(m, from_dir ? "--model" : "--model-config", scene, c.keep_encoding);
            break;
        case PositionKind::LearnedAbsolute:
        case PositionKind::LearnedRelative:
            use_table(m, c, scene);
            break;
    }
    return applied;
}

}  // namespace posviz
