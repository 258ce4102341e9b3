// The curves of the overlay figures (wavelengths, decay): one per --compare entry, where an entry
// is a base for the scene's own encoding (a number: 10000,500000) or an encoding with frequencies
// (sinusoidal, rope, xpos). Without --compare, the scene itself.
#pragma once

#include <string>
#include <vector>

#include "core/figures/figure_text.h"
#include "core/scene.h"

namespace posviz {

struct Variant {
    Scene scene;        // the scene with the entry applied
    std::string label;  // legend text: "base = 500000", "RoPE (yarn scaling)"
};

// figure names the figure in errors: InputError("--encoding" or "--compare", ...) for an encoding
// without frequencies.
std::vector<Variant> frequency_variants(const Scene& scene, const std::string& figure,
                                        const Text& t);

// The wavelengths figure's curves in the order it draws them (its curve formulas follow that
// order): one per variant, and after a scaled RoPE its unscaled curve, dashed.
struct FrequencyCurve {
    Scene scene;
    std::string label;
    int colour = 0;
    bool dashed = false;
};
std::vector<FrequencyCurve> wavelength_curves(const Scene& scene, const Text& t);

// "base = 10000" for a subtitle, or "" when --compare lists bases (the legend names them then).
std::string base_part(const Scene& scene);

}  // namespace posviz
