#include "app/cli/rope_scaling_options.h"

#include <cmath>

#include "core/formats/hf_config.h"
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

// A model config sets what the model does; non-RoPE models are described instead (T5's buckets are
// the one such encoding that needs no trained table to show).
void apply_model_config(const std::string& path, Scene& scene) {
    const ModelRopeConfig config = read_hf_config(path);
    if (config.kind == PositionKind::T5RelativeBuckets) {
        scene.encoding = "t5";
        scene.num_buckets = config.relative_attention_num_buckets;
        scene.max_distance = config.relative_attention_max_distance;
        return;
    }
    if (!config.has_rope())
        throw InputError("--model-config", path,
                         "a RoPE or T5 model's config (" + describe_positions(config) + ")");
    const RopeEncoding rope = to_rope_encoding(config);
    scene.encoding = scene.encoding == "xpos" ? "xpos" : "rope";
    scene.dim = rope.dim;
    scene.base = rope.base;
    scene.rope_style = "half";
    scene.rotary_fraction = rope.rotary_fraction;
    scene.rope_scaling = rope.scaling;
}

}  // namespace

void add_rope_scaling_options(CLI::App& cmd, RopeScalingFlags& f) {
    f.cmd = &cmd;
    cmd.add_option("--model-config", f.model_config,
                   "Hugging Face config.json: head dim, rope_theta, partial rotary, rope_scaling");
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

void apply_rope_scaling_options(const RopeScalingFlags& f, Scene& scene) {
    if (!f.model_config.empty()) apply_model_config(f.model_config, scene);
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
    // A scaling set by flags alone: errors about its missing fields name the flag, e.g.
    // "--rope-scaling.original_max_position_embeddings" (set it with --original-max-pos).
    if (f.model_config.empty()) s.block = "--rope-scaling";
}

}  // namespace posviz
