#include "core/figures/variants.h"

#include <cstdlib>

#include "core/input_error.h"

namespace posviz {

namespace {

bool has_frequencies(const std::string& encoding) {
    return encoding == "sinusoidal" || encoding == "rope" || encoding == "xpos";
}

// A --compare entry that is a number is a base (validate_scene has checked it is > 1); `base` is
// left alone for an encoding name.
bool parse_base(const std::string& entry, double& base) {
    char* end = nullptr;
    const double value = std::strtod(entry.c_str(), &end);
    if (entry.empty() || end != entry.c_str() + entry.size()) return false;
    base = value;
    return true;
}

std::string encoding_label(const Scene& scene, const Text& t) {
    const std::string name = encoding_title(scene.encoding, t);
    if (scene.encoding == "sinusoidal" || scene.rope_scaling.type == RopeScalingType::None)
        return name;
    if (scene.rope_scaling.type == RopeScalingType::Proportional &&
        !extends_context(scene.rope_scaling))
        return name + t(" (proportional: pairs past the share do not turn)",
                        "（比例式：份额外的维度对不旋转）");
    return name + " (" + rope_scaling_name(scene.rope_scaling.type) + t(" scaling", " 缩放") + ")";
}

}  // namespace

std::vector<Variant> frequency_variants(const Scene& scene, const std::string& figure,
                                        const Text& t) {
    const std::string allowed =
        "sinusoidal, rope or xpos (encodings with frequencies) for the " + figure + " figure";
    // The scene's own encoding is drawn without --compare, and at every base listed in it.
    auto check_own = [&] {
        if (!has_frequencies(scene.encoding))
            throw InputError("--encoding", scene.encoding, allowed);
    };
    if (scene.compare.empty()) {
        check_own();
        return {{scene, encoding_label(scene, t)}};
    }
    std::vector<Variant> variants;
    for (const std::string& entry : scene.compare) {
        Variant v{scene, ""};
        if (parse_base(entry, v.scene.base)) {
            check_own();
            v.label = "base = " + entry;
        } else {
            if (!has_frequencies(entry))
                throw InputError("--compare", entry, allowed + ", or a base");
            v.scene.encoding = entry;
            v.label = encoding_label(v.scene, t);
        }
        variants.push_back(std::move(v));
    }
    return variants;
}

std::string base_part(const Scene& scene) {
    double base = 0.0;
    for (const std::string& entry : scene.compare)
        if (parse_base(entry, base)) return "";
    return "base = " + format_number(scene.base, 6);
}

}  // namespace posviz
