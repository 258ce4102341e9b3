#include "core/figure/colormap.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/figure/colormap_tables.h"
#include "core/figure/theme.h"
#include "core/input_error.h"

namespace posviz {

namespace {

// matplotlib's ListedColormap lookup: no interpolation, entry floor(t·256) clipped to 255, so a
// value shows exactly the colour matplotlib would give it.
Rgb table_lookup(const ColormapTable& table, double t) {
    const double clamped = std::clamp(std::isnan(t) ? 0.0 : t, 0.0, 1.0);
    const int i = std::min(int(clamped * 256.0), 255);
    return {table[i][0], table[i][1], table[i][2]};
}

Rgb viridis(double t) {
    return table_lookup(k_viridis_table, t);
}
Rgb magma(double t) {
    return table_lookup(k_magma_table, t);
}
Rgb cividis(double t) {
    return table_lookup(k_cividis_table, t);
}

template <size_t N>
using HexNodes = std::array<std::array<int, 3>, N>;

// ColorBrewer's 11-class RdBu (Cynthia Brewer, colorbrewer2.org), the nodes of matplotlib's
// _RdBu_data, reversed so that negative is blue.
constexpr HexNodes<11> k_rdbu_r_nodes = {{{0x05, 0x30, 0x61},
                                          {0x21, 0x66, 0xac},
                                          {0x43, 0x93, 0xc3},
                                          {0x92, 0xc5, 0xde},
                                          {0xd1, 0xe5, 0xf0},
                                          {0xf7, 0xf7, 0xf7},
                                          {0xfd, 0xdb, 0xc7},
                                          {0xf4, 0xa5, 0x82},
                                          {0xd6, 0x60, 0x4d},
                                          {0xb2, 0x18, 0x2b},
                                          {0x67, 0x00, 0x1f}}};

// matplotlib's lib/matplotlib/_cm.py: _gray_data (black to white), and _Greys_data and
// _Blues_data, ColorBrewer's 9-class sequential Greys and Blues (light to dark), each a
// LinearSegmentedColormap over nodes evenly spaced on [0, 1].
constexpr HexNodes<2> k_gray_nodes = {{{0x00, 0x00, 0x00}, {0xff, 0xff, 0xff}}};
constexpr HexNodes<9> k_greys_nodes = {{{0xff, 0xff, 0xff},
                                        {0xf0, 0xf0, 0xf0},
                                        {0xd9, 0xd9, 0xd9},
                                        {0xbd, 0xbd, 0xbd},
                                        {0x96, 0x96, 0x96},
                                        {0x73, 0x73, 0x73},
                                        {0x52, 0x52, 0x52},
                                        {0x25, 0x25, 0x25},
                                        {0x00, 0x00, 0x00}}};
constexpr HexNodes<9> k_blues_nodes = {{{0xf7, 0xfb, 0xff},
                                        {0xde, 0xeb, 0xf7},
                                        {0xc6, 0xdb, 0xef},
                                        {0x9e, 0xca, 0xe1},
                                        {0x6b, 0xae, 0xd6},
                                        {0x42, 0x92, 0xc6},
                                        {0x21, 0x71, 0xb5},
                                        {0x08, 0x51, 0x9c},
                                        {0x08, 0x30, 0x6b}}};

// Linear interpolation between nodes evenly spaced over [0, 1]; NaN takes the middle.
template <size_t N>
Rgb interpolate(const HexNodes<N>& nodes, double t) {
    const double s = std::clamp(std::isnan(t) ? 0.5 : t, 0.0, 1.0) * double(N - 1);
    const int i = std::min(int(s), int(N) - 2);
    const double f = s - i;
    auto mix = [&](int c) { return ((1.0 - f) * nodes[i][c] + f * nodes[i + 1][c]) / 255.0; };
    return {mix(0), mix(1), mix(2)};
}

template <size_t N>
std::vector<Rgb> hex_nodes(const HexNodes<N>& nodes) {
    std::vector<Rgb> out;
    for (const auto& c : nodes) out.push_back({c[0] / 255.0, c[1] / 255.0, c[2] / 255.0});
    return out;
}

Rgb rdbu_r(double t) {
    return interpolate(k_rdbu_r_nodes, t);
}
Rgb gray(double t) {
    return interpolate(k_gray_nodes, t);
}
Rgb greys(double t) {
    return interpolate(k_greys_nodes, t);
}
Rgb blues(double t) {
    return interpolate(k_blues_nodes, t);
}

std::vector<Rgb> table_nodes(const ColormapTable& table) {
    std::vector<Rgb> nodes;
    for (const auto& c : table) nodes.push_back({c[0], c[1], c[2]});
    return nodes;
}
std::vector<Rgb> viridis_nodes() {
    return table_nodes(k_viridis_table);
}
std::vector<Rgb> magma_nodes() {
    return table_nodes(k_magma_table);
}
std::vector<Rgb> cividis_nodes() {
    return table_nodes(k_cividis_table);
}
std::vector<Rgb> rdbu_r_nodes() {
    return hex_nodes(k_rdbu_r_nodes);
}
std::vector<Rgb> gray_nodes() {
    return hex_nodes(k_gray_nodes);
}
std::vector<Rgb> greys_nodes() {
    return hex_nodes(k_greys_nodes);
}
std::vector<Rgb> blues_nodes() {
    return hex_nodes(k_blues_nodes);
}

const std::array<Colormap, 7> k_colormaps = {{
    {"viridis", false, viridis, viridis_nodes, false},
    {"magma", false, magma, magma_nodes, false},
    {"cividis", false, cividis, cividis_nodes, false},
    {"RdBu_r", true, rdbu_r, rdbu_r_nodes, true},
    {"gray", false, gray, gray_nodes, true},
    {"Greys", false, greys, greys_nodes, true},
    {"Blues", false, blues, blues_nodes, true},
}};

double distance(Rgb a, Rgb b) {
    return std::hypot(a.r - b.r, a.g - b.g, a.b - b.b);
}

}  // namespace

const Colormap& find_colormap(const std::string& name) {
    for (const Colormap& c : k_colormaps)
        if (name == c.name) return c;
    std::string names;
    for (const Colormap& c : k_colormaps)
        names += (names.empty() ? "" : ", ") + std::string(c.name);
    throw InputError("--colormap", name, "one of " + names);
}

Rgb colormap_lookup(const std::string& name, double t) {
    return find_colormap(name).at(t);
}

std::vector<std::string> colormap_names() {
    std::vector<std::string> names;
    for (const Colormap& c : k_colormaps) names.push_back(c.name);
    return names;
}

Rgb masked_colour(const Theme& theme, const Colormap& colormap) {
    // sRGB distance below which a masked cell could pass for a value of the map (the masked grey
    // against Greys' #bdbdbd is 0; against viridis, RdBu_r, Blues it is over 0.2).
    constexpr double k_apart = 0.15;
    constexpr int k_samples = 256;
    auto apart = [&](Rgb c) {
        for (int i = 0; i <= k_samples; ++i)
            if (distance(c, colormap.at(double(i) / k_samples)) < k_apart) return false;
        return true;
    };
    // The theme's grey, else Okabe & Ito's reddish purple or bluish green (hues no sequential
    // grey or blue map holds).
    for (Rgb c : {theme.masked, Rgb{0.8, 0.475, 0.655}, Rgb{0.0, 0.62, 0.451}})
        if (apart(c)) return c;
    return theme.masked;
}

}  // namespace posviz
