// A text measure of the tests' own, with no font: every character 0.6 em wide, DejaVu Sans's
// ascent and descent. Layouts measured with it are the same on every machine.
#pragma once

#include <string>

#include "core/layout/text_measure.h"

namespace posviz {

class FixedMeasure : public TextMeasure {
  public:
    TextSize measure(const std::string& utf8, const TextStyle& style) const override {
        double characters = 0.0;
        for (const char c : utf8) characters += (static_cast<unsigned char>(c) & 0xc0) != 0x80;
        return {0.6 * style.size * characters, 0.93 * style.size, 0.24 * style.size};
    }
};

}  // namespace posviz
