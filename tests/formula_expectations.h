// What the hover-formula tests (test_formula_text.cpp, test_curve_formula.cpp) share: a small
// scene for a figure and an expectation that a formula's text holds a part.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "core/scene.h"

namespace posviz::testing {

inline Scene formula_scene(const std::string& figure, const std::string& encoding) {
    Scene s;
    s.figure = figure;
    s.encoding = encoding;
    s.seq_len = 48;
    s.dim = 8;
    return s;
}

inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace posviz::testing

#define EXPECT_HAS(text, part) \
    EXPECT_TRUE(::posviz::testing::contains(text, part)) << "no «" << (part) << "» in\n" << (text)
