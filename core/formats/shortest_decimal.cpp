#include "core/formats/shortest_decimal.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace posviz {

std::string shortest_decimal(double value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
    if (value == 0.0) return std::signbit(value) ? "-0" : "0";
    // The fewest significant digits (1 to 17; 17 always round-trip, IEEE 754 §5.12.2) whose
    // "%.*e" text reads back as `value`: "d.ddde±x".
    char text[40];
    for (int precision = 0; precision < 17; ++precision) {
        std::snprintf(text, sizeof text, "%.*e", precision, std::fabs(value));
        if (std::strtod(text, nullptr) == std::fabs(value)) break;
    }
    // Assembled by appending: GCC 12 warns falsely (-Wrestrict) on chains of string + string.
    const std::string scientific = text;
    const size_t e = scientific.find('e');
    std::string digits(1, scientific[0]);
    if (e > 1) digits.append(scientific, 2, e - 2);
    const int exponent = std::atoi(scientific.c_str() + e + 1);
    // to_chars's scientific form: "d[.ddd]e±XX", the exponent of at least two digits.
    char exp_text[16];
    std::snprintf(exp_text, sizeof exp_text, "e%c%02d", exponent < 0 ? '-' : '+',
                  std::abs(exponent));
    std::string sci(1, digits[0]);
    if (digits.size() > 1) {
        sci += '.';
        sci.append(digits, 1);
    }
    sci += exp_text;
    std::string fixed;
    const int count = int(digits.size());
    if (exponent < 0) {
        fixed = "0.";
        fixed.append(size_t(-exponent - 1), '0');
        fixed += digits;
    } else if (count <= exponent + 1) {
        // A whole number is written with all its digits, exact (as to_chars does): the shortest
        // digits padded with zeros would name another number above 2^53.
        char whole[320];
        std::snprintf(whole, sizeof whole, "%.0f", std::fabs(value));
        fixed = whole;
    } else {
        fixed.assign(digits, 0, size_t(exponent + 1));
        fixed += '.';
        fixed.append(digits, size_t(exponent + 1));
    }
    std::string out = std::signbit(value) ? "-" : "";
    out += fixed.size() <= sci.size() ? fixed : sci;
    return out;
}

}  // namespace posviz
