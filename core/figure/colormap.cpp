#include "core/figure/colormap.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/figure/colormap_tables.h"
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

// ColorBrewer's 11-class RdBu (Cynthia Brewer, colorbrewer2.org), the nodes of matplotlib's
// _RdBu_data, reversed so that negative is blue; linear interpolation between the nodes.
constexpr std::array<std::array<int, 3>, 11> k_rdbu_r_nodes = {{{0x05, 0x30, 0x61},
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

Rgb rdbu_r(double t) {
    const auto& nodes = k_rdbu_r_nodes;
    const double s = std::clamp(std::isnan(t) ? 0.5 : t, 0.0, 1.0) * 10.0;
    const int i = std::min(int(s), 9);
    const double f = s - i;
    auto mix = [&](int c) { return ((1.0 - f) * nodes[i][c] + f * nodes[i + 1][c]) / 255.0; };
    return {mix(0), mix(1), mix(2)};
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
    std::vector<Rgb> nodes;
    for (const auto& c : k_rdbu_r_nodes)
        nodes.push_back({c[0] / 255.0, c[1] / 255.0, c[2] / 255.0});
    return nodes;
}

const std::array<Colormap, 4> k_colormaps = {{
    {"viridis", false, viridis, viridis_nodes, false},
    {"magma", false, magma, magma_nodes, false},
    {"cividis", false, cividis, cividis_nodes, false},
    {"RdBu_r", true, rdbu_r, rdbu_r_nodes, true},
}};

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

}  // namespace posviz
