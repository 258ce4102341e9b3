// shortest_decimal against the standard library's own shortest form, std::to_chars (libstdc++
// has it on the desktop; the browser's libc++ lacks it, which is why shortest_decimal exists),
// and a few forms written out by hand.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <limits>
#include <random>
#include <string>

#include "core/formats/shortest_decimal.h"

namespace posviz {
namespace {

std::string to_chars_text(double value) {
    char text[64];
    const auto result = std::to_chars(text, text + sizeof text, value);
    return std::string(text, result.ptr);
}

TEST(ShortestDecimal, HandWrittenForms) {
    EXPECT_EQ(shortest_decimal(0.1), "0.1");
    EXPECT_EQ(shortest_decimal(1500.0), "1500");
    EXPECT_EQ(shortest_decimal(1e-7), "1e-07");
    EXPECT_EQ(shortest_decimal(1.5e20), "1.5e+20");
    EXPECT_EQ(shortest_decimal(-2.5), "-2.5");
    EXPECT_EQ(shortest_decimal(10000.0), "10000");   // fixed wins a tie with "1e+04"
    EXPECT_EQ(shortest_decimal(100000.0), "1e+05");  // shorter than "100000"
    EXPECT_EQ(shortest_decimal(0.0), "0");
    EXPECT_EQ(shortest_decimal(-0.0), "-0");
    EXPECT_EQ(shortest_decimal(std::numeric_limits<double>::infinity()), "inf");
    EXPECT_EQ(shortest_decimal(-std::numeric_limits<double>::infinity()), "-inf");
    EXPECT_EQ(shortest_decimal(std::nan("")), "nan");
}

TEST(ShortestDecimal, SameAsToChars) {
    std::vector<double> values = {1.0 / 3.0,
                                  2.0 / 3.0,
                                  0.3,
                                  1e21,
                                  1e22,
                                  123456789012345680000.0,
                                  5e-324,
                                  std::numeric_limits<double>::max(),
                                  std::numeric_limits<double>::min(),
                                  10000.0,
                                  0.001,
                                  1e-5,
                                  65536.0,
                                  1e15,
                                  1e16,
                                  1e17,
                                  3.141592653589793};
    std::mt19937_64 random(7);
    std::uniform_real_distribution<double> exponent(-300.0, 300.0), mantissa(-10.0, 10.0);
    for (int i = 0; i < 20000; ++i)
        values.push_back(mantissa(random) * std::pow(10.0, exponent(random)));
    for (int i = 0; i < 2000; ++i) values.push_back(double(random() % 100000) / 1000.0);
    for (const double v : values) EXPECT_EQ(shortest_decimal(v), to_chars_text(v)) << v;
}

}  // namespace
}  // namespace posviz
