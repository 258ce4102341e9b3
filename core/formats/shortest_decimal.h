// The shortest decimal text that reads back as the same double, in the form std::to_chars(first,
// last, value) writes (C++17 [charconv.to.chars]): the fewest significant digits that round-trip,
// written fixed ("0.001", "1500") or scientific ("1e-07", "1.5e+20") whichever is shorter,
// fixed on a tie. Written with printf and strtod because not every standard library has the
// floating-point to_chars (emscripten's libc++ 13 of the browser build does not).
#pragma once

#include <string>

namespace posviz {

// "inf", "-inf" and "nan" for the non-finite values.
std::string shortest_decimal(double value);

}  // namespace posviz
