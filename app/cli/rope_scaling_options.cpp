#include "app/cli/rope_scaling_options.h"

#include <cmath>
#include <cstdio>

#include "core/formats/hf_config/model_scene.h"
#include "core/input_error.h"

namespace posviz {

namespace {

bool given(const RopeScalingFlags& flags, const char* name) {
    return flags.cmd->count(name) > 0;
}

void require_finite_positive(const char* option, double value) {
    if (!std::isfinite(value) || value <= 0.0)
        throw InputError(option, std::to_string(value), "a finite number greater than 0");
}

// The layers with RoPE as runs, e.g. "0-2, 4-6, 8".
std::string rope_layer_runs(const ModelPositions& m) {
    std::string runs;
    const int n = int(m.layers.size());
    for (int i = 0; i < n; ++i) {
        if (m.layers[i].kind != PositionKind::Rope) continue;
        int last = i;
        while (last + 1 < n && m.layers[last + 1].kind == PositionKind::Rope) ++last;
        if (!runs.empty()) runs += ", ";
        runs += std::to_string(i);
        if (last > i) {
            runs += '-';
            runs += std::to_string(last);
        }
        i = last;
    }
    return runs;
}

// The model's encoding in the scene; notes (several schemes, a NoPE layer) go to stderr.
NopeLayerChoice apply_model(const RopeScalingFlags& f, Scene& scene) {
    ModelChoice choice{f.model_config, f.model_dir, given(f, "--layer") ? f.layer : -1,
                       f.layer_type, given(f, "--encoding")};
    const AppliedModel applied = apply_model_to_scene(choice, scene);
    for (const std::string& note : applied.notes)
        std::fprintf(stderr, "posviz: %s\n", note.c_str());

    NopeLayerChoice nope;
    const ModelPositions& m = applied.model;
    if (choice.keep_encoding || m.layers[applied.layer].kind != PositionKind::NoPE) return nope;
    // Strings appended piece by piece: GCC 12 warns falsely (-Wrestrict) on some "…" + … chains.
    nope.layer = "layer ";
    nope.layer += std::to_string(applied.layer);
    nope.layer += " of ";
    nope.layer += m.text_model_type;
    nope.rope_layers = rope_layer_runs(m);
    if (given(f, "--layer")) {
        nope.option = "--layer";
        nope.value = std::to_string(f.layer);
    } else if (given(f, "--layer-type")) {
        nope.option = "--layer-type";
        nope.value = f.layer_type;
        nope.layer += ", its first ";
        nope.layer += f.layer_type;
        nope.layer += " layer,";
    } else {
        // The default choice falls on a NoPE layer only when no layer has RoPE.
        nope.option = f.model_dir.empty() ? "--model-config" : "--model";
        nope.value = f.model_dir.empty() ? f.model_config : f.model_dir;
    }
    return nope;
}

}  // namespace

void add_model_options(CLI::App& cmd, RopeScalingFlags& f) {
    f.cmd = &cmd;
    CLI::Option* config = cmd.add_option(
        "--model-config", f.model_config,
        "Hugging Face config.json: layers, head dim, rope_theta, partial rotary, rope_scaling");
    CLI::Option* dir = cmd.add_option(
        "--model", f.model_dir,
        "Hugging Face model folder (config.json, model.safetensors or its sharded index; also "
        "the cache's models--org--name)");
    config->excludes(dir);
}

void add_rope_scaling_options(CLI::App& cmd, RopeScalingFlags& f) {
    add_model_options(cmd, f);
    CLI::Option* layer = cmd.add_option(
        "--layer", f.layer, "with a model: the layer whose positions are shown, from 0");
    CLI::Option* type = cmd.add_option("--layer-type", f.layer_type,
                                       "with a model: full|sliding, the first such layer (default: "
                                       "the first full layer with RoPE)");
    layer->excludes(type);
    cmd.add_option("--rope-scaling", f.rope_scaling,
                   "none|linear|ntk|dynamic|yarn|llama3|longrope");
    cmd.add_option("--factor", f.factor, "scaling factor")->capture_default_str();
    cmd.add_option("--original-max-pos", f.original_max_pos,
                   "original_max_position_embeddings (training length)");
    cmd.add_option("--max-pos", f.max_pos, "max_position_embeddings (dynamic, longrope)");
    cmd.add_option("--beta-fast", f.beta_fast, "yarn beta_fast")->capture_default_str();
    cmd.add_option("--beta-slow", f.beta_slow, "yarn beta_slow")->capture_default_str();
    cmd.add_option("--low-freq-factor", f.low_freq_factor, "llama3 low_freq_factor")
        ->capture_default_str();
    cmd.add_option("--high-freq-factor", f.high_freq_factor, "llama3 high_freq_factor")
        ->capture_default_str();
    cmd.add_option("--attention-factor", f.attention_factor,
                   "yarn/longrope attention factor override");
}

NopeLayerChoice apply_rope_scaling_options(const RopeScalingFlags& f, Scene& scene) {
    const bool model = !f.model_config.empty() || !f.model_dir.empty();
    if (!model && (given(f, "--layer") || given(f, "--layer-type")))
        throw InputError(given(f, "--layer") ? "--layer" : "--layer-type",
                         given(f, "--layer") ? std::to_string(f.layer) : f.layer_type,
                         "a model to choose a layer of (--model-config FILE or --model DIR)");
    if (given(f, "--layer") && f.layer < 0)
        throw InputError("--layer", std::to_string(f.layer), "a layer index from 0");
    NopeLayerChoice nope;
    if (model) nope = apply_model(f, scene);
    RopeScaling& s = scene.rope_scaling;
    if (given(f, "--rope-scaling"))
        s.type = parse_rope_scaling_type(f.rope_scaling, "--rope-scaling");
    if (given(f, "--factor")) {
        require_finite_positive("--factor", f.factor);
        s.factor = f.factor;
    }
    if (given(f, "--original-max-pos")) {
        if (f.original_max_pos <= 0)
            throw InputError("--original-max-pos", std::to_string(f.original_max_pos),
                             "a positive length");
        s.original_max_position_embeddings = f.original_max_pos;
    }
    if (given(f, "--max-pos")) {
        if (f.max_pos <= 0)
            throw InputError("--max-pos", std::to_string(f.max_pos), "a positive length");
        s.max_position_embeddings = f.max_pos;
    }
    if (given(f, "--beta-fast")) {
        require_finite_positive("--beta-fast", f.beta_fast);
        s.beta_fast = f.beta_fast;
    }
    if (given(f, "--beta-slow")) {
        require_finite_positive("--beta-slow", f.beta_slow);
        s.beta_slow = f.beta_slow;
    }
    if (given(f, "--low-freq-factor")) {
        require_finite_positive("--low-freq-factor", f.low_freq_factor);
        s.low_freq_factor = f.low_freq_factor;
    }
    if (given(f, "--high-freq-factor")) {
        require_finite_positive("--high-freq-factor", f.high_freq_factor);
        s.high_freq_factor = f.high_freq_factor;
    }
    if (given(f, "--attention-factor")) {
        require_finite_positive("--attention-factor", f.attention_factor);
        s.attention_factor = f.attention_factor;
    }
    // Dynamic NTK grows the base past max_position_embeddings (_compute_dynamic_ntk_parameters).
    // Given flags alone, the training length is the one length the user may have written.
    if (s.type == RopeScalingType::Dynamic && s.max_position_embeddings == 0) {
        if (s.original_max_position_embeddings == 0)
            throw InputError("--max-pos", "nothing",
                             "the length past which dynamic scaling grows the base (--max-pos, or "
                             "--original-max-pos when it is the same)");
        s.max_position_embeddings = s.original_max_position_embeddings;
    }
    // A scaling set by flags alone: errors about its missing fields name the flag, e.g.
    // "--rope-scaling.original_max_position_embeddings" (set it with --original-max-pos).
    if (!model) s.block = "--rope-scaling";
    return nope;
}

void name_nope_layer(const NopeLayerChoice& nope, const std::string& figure,
                     const std::function<void()>& compute) {
    try {
        compute();
    } catch (const InputError& error) {
        // Only the figure's refusal of the encoding the model chose: --encoding was not given.
        if (nope.option.empty() || error.option != "--encoding") throw;
        std::string value = nope.value;
        value += " (";
        value += nope.layer;
        value += " has no RoPE)";
        std::string allowed = nope.rope_layers.empty() ? "a model with RoPE" : "a layer with RoPE";
        allowed += " for the ";
        allowed += figure;
        allowed += " figure";
        if (nope.rope_layers.empty()) {
            allowed += " (no layer of this model has RoPE)";
        } else {
            allowed += ": ";
            allowed += nope.rope_layers;
            if (nope.option != "--layer") allowed += " (choose one with --layer N)";
        }
        throw InputError(nope.option, value, allowed);
    }
}

}  // namespace posviz
