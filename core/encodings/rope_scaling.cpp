// Placeholder: only the unscaled frequencies; the scalings land with the real-models work.
#include "core/encodings/rope_scaling.h"

#include <cmath>

#include "core/input_error.h"

namespace posviz {

Vector rope_inverse_frequencies(double base, int rotary_dim) {
    Vector inv(rotary_dim / 2);
    for (int i = 0; i < rotary_dim / 2; ++i) inv[i] = std::pow(base, -2.0 * i / rotary_dim);
    return inv;
}

RopeFrequencies rope_frequencies(double base, int rotary_dim, const RopeScaling& scaling, long) {
    if (scaling.type != RopeScalingType::None)
        throw InputError("--rope-scaling", rope_scaling_name(scaling.type), "none (not yet built)");
    return {rope_inverse_frequencies(base, rotary_dim), 1.0};
}

std::string rope_scaling_name(RopeScalingType type) {
    switch (type) {
        case RopeScalingType::None: return "none";
        case RopeScalingType::Linear: return "linear";
        case RopeScalingType::Ntk: return "ntk";
        case RopeScalingType::Dynamic: return "dynamic";
        case RopeScalingType::Yarn: return "yarn";
        case RopeScalingType::Llama3: return "llama3";
        case RopeScalingType::LongRope: return "longrope";
    }
    return "none";
}

RopeScalingType parse_rope_scaling_type(const std::string& name) {
    if (name == "none" || name == "default") return RopeScalingType::None;
    throw InputError("--rope-scaling", name, "none");
}

}  // namespace posviz
