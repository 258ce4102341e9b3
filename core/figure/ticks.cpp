#include "core/figure/ticks.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace posviz {

namespace {

const char* const k_minus = "\u2212";

// printf's '-' becomes a typographic minus (also inside exponents).
std::string with_true_minus(std::string s) {
    std::string out;
    for (char c : s) {
        if (c == '-')
            out += k_minus;
        else
            out += c;
    }
    return out;
}

std::string printf_fixed(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

// The integers k with k·step in [lo, hi] are [first, last] (none when last < first).
struct Multiples {
    double first = 0.0, last = -1.0;
    double count() const { return last >= first ? last - first + 1.0 : 0.0; }
};
Multiples multiples_of(double lo, double hi, double step) {
    const double slack = 1e-9 * step;
    return {std::ceil((lo - slack) / step), std::floor((hi + slack) / step)};
}

// Ticks k·step for every integer k with k·step in [lo, hi]; exact multiples, no accumulation.
// Counted from the first, not stepped until past hi: beyond 2^53 a k + 1 is k again, and an axis
// far from zero with a range tiny beside its values had stepped in place, filling memory.
std::vector<double> multiples_inside(double lo, double hi, double step) {
    const Multiples k = multiples_of(lo, hi, step);
    std::vector<double> values;
    for (double i = 0.0; i < k.count(); i += 1.0) {
        const double v = (k.first + i) * step;
        values.push_back(v == 0.0 ? 0.0 : v);  // no "-0"
    }
    return values;
}

int floor_log10(double x) {
    return int(std::floor(std::log10(x) + 1e-9));
}

// Labels for ticks `step` apart. Exponent form ("2e4", "1.5e−4") for the whole axis when its
// largest tick is very large or very small, so that one axis never mixes the two styles.
std::vector<std::string> format_ticks(const std::vector<double>& values, double step) {
    double largest = 0.0;
    for (double v : values) largest = std::max(largest, std::abs(v));
    const bool exponent_form = largest >= 1e5 || (largest > 0.0 && largest < 1e-3);
    const int step_exponent = floor_log10(step);
    std::vector<std::string> labels;
    for (double v : values) {
        if (v == 0.0) {
            labels.push_back("0");
        } else if (exponent_form) {
            const int exponent = floor_log10(std::abs(v));
            std::string mantissa =
                printf_fixed(v / std::pow(10.0, exponent), std::max(0, exponent - step_exponent));
            if (mantissa.find('.') != std::string::npos) {
                mantissa.erase(mantissa.find_last_not_of('0') + 1);
                if (mantissa.back() == '.') mantissa.pop_back();
            }
            labels.push_back(with_true_minus(mantissa + "e" + std::to_string(exponent)));
        } else {
            labels.push_back(with_true_minus(printf_fixed(v, std::max(0, -step_exponent))));
        }
    }
    return labels;
}

// Whether [lo, hi] is no wider than rounding makes of its values (1e-12 of the larger |end|):
// a curve constant but for the last bits of a double (the RoPE decay bound at D = 2, 1 ± 2⁻⁵²).
bool within_rounding(double lo, double hi) {
    return hi - lo <= 1e-12 * std::max(std::abs(lo), std::abs(hi));
}

}  // namespace

std::string superscript(int n) {
    static const char* const digits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    std::string out;
    for (char c : std::to_string(n)) out += c == '-' ? "⁻" : digits[c - '0'];
    return out;
}

std::string superscript_text(const std::string& text) {
    static const std::pair<const char*, const char*> k_raised[] = {
        {"0", "⁰"}, {"1", "¹"}, {"2", "²"}, {"3", "³"}, {"4", "⁴"}, {"5", "⁵"}, {"6", "⁶"},
        {"7", "⁷"}, {"8", "⁸"}, {"9", "⁹"}, {"+", "⁺"}, {"-", "⁻"}, {"−", "⁻"}, {"=", "⁼"},
        {"(", "⁽"}, {")", "⁾"}, {"/", "ᐟ"}, {"a", "ᵃ"}, {"b", "ᵇ"}, {"c", "ᶜ"}, {"d", "ᵈ"},
        {"e", "ᵉ"}, {"f", "ᶠ"}, {"g", "ᵍ"}, {"h", "ʰ"}, {"i", "ⁱ"}, {"j", "ʲ"}, {"k", "ᵏ"},
        {"l", "ˡ"}, {"m", "ᵐ"}, {"n", "ⁿ"}, {"o", "ᵒ"}, {"p", "ᵖ"}, {"r", "ʳ"}, {"s", "ˢ"},
        {"t", "ᵗ"}, {"u", "ᵘ"}, {"v", "ᵛ"}, {"w", "ʷ"}, {"x", "ˣ"}, {"y", "ʸ"}, {"z", "ᶻ"},
        {"A", "ᴬ"}, {"B", "ᴮ"}, {"D", "ᴰ"}, {"E", "ᴱ"}, {"G", "ᴳ"}, {"H", "ᴴ"}, {"I", "ᴵ"},
        {"J", "ᴶ"}, {"K", "ᴷ"}, {"L", "ᴸ"}, {"M", "ᴹ"}, {"N", "ᴺ"}, {"O", "ᴼ"}, {"P", "ᴾ"},
        {"R", "ᴿ"}, {"T", "ᵀ"}, {"U", "ᵁ"}, {"V", "ⱽ"}, {"W", "ᵂ"}};
    std::string out;
    for (size_t i = 0; i < text.size();) {
        if (text[i] == ' ') {
            ++i;
            continue;
        }
        bool found = false;
        for (const auto& [plain, raised] : k_raised) {
            const size_t n = std::strlen(plain);
            if (text.compare(i, n, plain) != 0) continue;
            out += raised;
            i += n;
            found = true;
            break;
        }
        if (!found) return "^(" + text + ")";
    }
    return out;
}

std::string subscript(int n) {
    static const char* const digits[] = {"₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"};
    std::string out;
    for (char c : std::to_string(n)) out += c == '-' ? "₋" : digits[c - '0'];
    return out;
}

std::string format_number(double value, int digits) {
    if (!std::isfinite(value))
        return value > 0 ? "∞" : value < 0 ? k_minus + std::string("∞") : "NaN";
    // −0 (ALiBi's −slope·|m − n| on the diagonal) is written 0.
    if (value == 0.0) value = 0.0;
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
    std::string s = buffer;
    // printf writes "1e+04"; print "1e4" like the tick labels.
    const size_t e = s.find('e');
    if (e != std::string::npos)
        s = s.substr(0, e) + "e" + std::to_string(std::stoi(s.substr(e + 1)));
    return with_true_minus(s);
}

std::pair<double, double> padded_limits(double lo, double hi, bool margins) {
    if (within_rounding(lo, hi)) {
        const double centre = 0.5 * (lo + hi);
        return {centre - 0.5, centre + 0.5};
    }
    const double margin = margins ? 0.05 * (hi - lo) : 0.0;
    return {lo - margin, hi + margin};
}

Ticks linear_ticks(double lo, double hi, int max_count) {
    Ticks ticks;
    // Also one tick for a range too narrow for its values to tell ticks apart (1 ± 2⁻⁵², the
    // decay bound at D = 2), or too wide for a double.
    if (!(hi > lo) || max_count < 2 || !std::isfinite(hi - lo) || within_rounding(lo, hi)) {
        ticks.values = {lo};
        ticks.labels = {format_number(lo)};
        return ticks;
    }
    // The smallest 1-2-5 step that keeps the count within max_count.
    // The smallest 1-2-5 step that keeps the count within max_count; 10·decade always does,
    // since decade <= (hi − lo)/max_count.
    const double decade = std::pow(10.0, std::floor(std::log10((hi - lo) / max_count)));
    double step = decade;
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        step = m * decade;
        if (multiples_of(lo, hi, step).count() <= max_count) break;
    }
    ticks.values = multiples_inside(lo, hi, step);
    ticks.labels = format_ticks(ticks.values, step);
    return ticks;
}

Ticks log_ticks(double lo, double hi, int max_count) {
    const int first = int(std::ceil(std::log10(lo) - 1e-9));
    const int last = int(std::floor(std::log10(hi) + 1e-9));
    const int decades = last - first + 1;
    Ticks ticks;
    if (decades >= 2) {
        const int every = std::max(1, (decades + max_count - 1) / std::max(1, max_count));
        // Plain numbers while they stay short; otherwise every label as an exponent.
        const bool plain = first >= -3 && last <= 4;
        for (int k = first; k <= last; ++k) {
            if ((k - first) % every != 0) continue;
            ticks.values.push_back(std::pow(10.0, k));
            ticks.labels.push_back(plain ? printf_fixed(std::pow(10.0, k), std::max(0, -k))
                                         : "10" + superscript(k));
        }
        if (every == 1) {
            for (int k = first - 1; k <= last; ++k)
                for (int m = 2; m <= 9; ++m) {
                    const double v = m * std::pow(10.0, k);
                    if (v >= lo && v <= hi) ticks.minor.push_back(v);
                }
        }
        return ticks;
    }
    // Less than two decades: mantissas 1, 2, 5 inside the range, if that gives enough ticks.
    for (int k = first - 1; k <= last; ++k)
        for (double m : {1.0, 2.0, 5.0}) {
            const double v = m * std::pow(10.0, k);
            if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) ticks.values.push_back(v);
        }
    if (ticks.values.size() < 2 || int(ticks.values.size()) > max_count)
        return linear_ticks(lo, hi, max_count);
    for (double v : ticks.values) ticks.labels.push_back(format_ticks({v}, v).front());
    return ticks;
}

Ticks thin_to_fit(const Ticks& ticks, double length, double extent) {
    const size_t n = ticks.values.size();
    size_t step = 1;
    while (step<n&& double((n + step - 1) / step) * extent> length) ++step;
    Ticks kept;
    for (size_t i = 0; i < n; i += step) {
        kept.values.push_back(ticks.values[i]);
        if (i < ticks.labels.size()) kept.labels.push_back(ticks.labels[i]);
    }
    return kept;
}

}  // namespace posviz
