#include "core/figure/theme.h"

#include "core/input_error.h"

namespace posviz {

namespace {

constexpr Rgb hex(unsigned v) {
    return {((v >> 16) & 0xff) / 255.0, ((v >> 8) & 0xff) / 255.0, (v & 0xff) / 255.0};
}

// Okabe & Ito's colour-blind-safe set ("Color Universal Design", 2008) without its look-alike
// pairs: of blue and sky blue, and of vermillion and orange, one each (issue 22: they could not
// be told apart in print); black is the foreground, and yellow is left out on paper, where it is
// hard to see. Blue, vermillion, bluish green, reddish purple; series past the fourth are told
// apart by their dash and marker (set_series_style).
const Theme k_light = {"light",
                       hex(0xffffff),
                       hex(0x222222),
                       hex(0x5f5f5f),
                       hex(0xe6e6e6),
                       hex(0xbdbdbd),
                       hex(0xffffff),
                       {hex(0x0072b2), hex(0xd55e00), hex(0x009e73), hex(0xcc79a7)},
                       13.0,
                       9.0,
                       11.0,
                       10.0,
                       8.5,
                       9.0,
                       1.0};

// On a dark background the dark blue and vermillion are hard to see: sky blue and orange take
// their places, and yellow stands out.
const Theme k_dark = {"dark",
                      hex(0x16181d),
                      hex(0xececec),
                      hex(0xa8a8a8),
                      hex(0x34373e),
                      hex(0x4b4f58),
                      hex(0x23262d),
                      {hex(0x56b4e9), hex(0xe69f00), hex(0x009e73), hex(0xcc79a7), hex(0xf0e442)},
                      16.0,
                      11.0,
                      13.5,
                      12.0,
                      10.5,
                      11.0,
                      1.4};

}  // namespace

const Theme& find_theme(const std::string& name) {
    if (name == "light") return k_light;
    if (name == "dark") return k_dark;
    throw InputError("--theme", name, "light or dark");
}

Rgb resolve_colour(const Theme& theme, const Colour& colour) {
    switch (colour.kind) {
        case Colour::Kind::Palette:
            return theme.palette[size_t(colour.palette_index) % theme.palette.size()];
        case Colour::Kind::Foreground:
            return theme.foreground;
        case Colour::Kind::Muted:
            return theme.muted;
        case Colour::Kind::Fixed:
            break;
    }
    return colour.rgb;
}

}  // namespace posviz
