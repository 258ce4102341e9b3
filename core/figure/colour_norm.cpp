#include "core/figure/colour_norm.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/figure/ticks.h"
#include "core/input_error.h"

namespace posviz {

namespace {
constexpr double k_min_gamma = 0.05, k_max_gamma = 20.0;
}

Range norm_range(const ColourNorm& norm, Range range) {
    if (norm.kind != NormKind::Log || range.min > 0.0) return range;
    const double top = range.max > 0.0 ? range.max : 1.0;
    return {top * std::pow(10.0, -k_log_norm_decades), top};
}

double colour_position(const ColourNorm& norm, Range range, double value) {
    const Range r = norm_range(norm, range);
    double t = 0.0;
    switch (norm.kind) {
        case NormKind::Linear:
            t = (value - r.min) / (r.max - r.min);
            break;
        case NormKind::Log:
            // matplotlib's LogNorm: the position of log(v) between log(vmin) and log(vmax).
            t = value > 0.0 ? std::log(value / r.min) / std::log(r.max / r.min) : 0.0;
            break;
        case NormKind::Power:
            // matplotlib's PowerNorm: ((v − vmin) / (vmax − vmin))^γ, 0 below vmin.
            t = std::pow(std::clamp((value - r.min) / (r.max - r.min), 0.0, 1.0), norm.gamma);
            break;
    }
    return std::isnan(t) ? 0.0 : std::clamp(t, 0.0, 1.0);
}

ColourNorm parse_colour_norm(const std::string& text, const std::string& source) {
    const std::string allowed = "linear, log or power:γ with γ in " + format_number(k_min_gamma) +
                                ".." + format_number(k_max_gamma) + " (e.g. power:0.5)";
    if (text == "linear") return {};
    if (text == "log") return {NormKind::Log, 1.0};
    const std::string prefix = "power:";
    if (text.rfind(prefix, 0) == 0) {
        const std::string number = text.substr(prefix.size());
        char* end = nullptr;
        const double gamma = std::strtod(number.c_str(), &end);
        if (!number.empty() && end == number.c_str() + number.size() && std::isfinite(gamma) &&
            gamma >= k_min_gamma && gamma <= k_max_gamma)
            return {NormKind::Power, gamma};
    }
    throw InputError(source, text, allowed);
}

std::string colour_norm_name(const ColourNorm& norm) {
    switch (norm.kind) {
        case NormKind::Log:
            return "log";
        case NormKind::Power:
            return "power:" + format_number(norm.gamma);
        case NormKind::Linear:
            break;
    }
    return "linear";
}

}  // namespace posviz
