#include "app/storyline/view_settings.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <type_traits>

#include "core/encodings/checks.h"
#include "core/figures/colour_scale.h"
#include "core/figures/figures.h"
#include "core/formats/json_input.h"
#include "core/input_error.h"

namespace posviz::storyline {

namespace {

using nlohmann::json;

constexpr std::array<ViewInfo, k_view_count> k_views = {{
    {ViewId::Wavelengths, "wavelengths", "Waves & wavelengths", "波形与波长"},
    {ViewId::Matrices, "matrices", "PE matrix & similarity", "位置编码矩阵与相似度"},
    {ViewId::Attention, "attention", "Attention", "注意力"},
    {ViewId::Bias, "bias", "Relative bias", "相对位置偏置"},
    {ViewId::Rotation, "rotation", "RoPE rotation", "RoPE 旋转"},
    {ViewId::Decay, "decay", "Long-term decay", "远程衰减"},
    {ViewId::Permutation, "permutation", "Permutation", "置换"},
    {ViewId::Terms, "terms", "Logit terms", "logit 分解"},
    {ViewId::Figure, "figure", "Any figure", "任意图"},
}};

// The settings keys each view understands.
std::vector<std::string> keys_of(ViewId id) {
    switch (id) {
        case ViewId::Wavelengths:
            return {"open", "compare"};
        case ViewId::Attention:
            return {"open", "compare", "beside_content", "scale", "difference"};
        case ViewId::Bias:
            return {"open", "compare", "scale", "all_heads"};
        case ViewId::Decay:
            return {"open", "compare", "log_x"};
        case ViewId::Rotation:
            return {"open", "playing", "speed", "position", "key_position", "together"};
        case ViewId::Figure:
            return {"open", "figure"};
        default:
            return {"open"};
    }
}

std::string joined(const std::vector<std::string>& names) {
    std::string s;
    for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
    return s;
}

template <class T>
void read(const json& in, const char* key, const std::string& where, const char* expected,
          bool (json::*is_type)() const noexcept, T& value) {
    const auto it = in.find(key);
    if (it == in.end()) return;
    if (!((*it).*is_type)()) throw InputError(where + "." + key, json_excerpt(*it), expected);
    value = it->get<T>();
}

// A number in [lo, hi], refused otherwise rather than bent into range: a file that asks for a
// speed the view cannot play should say so, not play at another one.
template <class T>
void read_in_range(const json& in, const char* key, const std::string& where, T lo, T hi,
                   T& value) {
    const auto it = in.find(key);
    if (it == in.end()) return;
    const bool integral = std::is_integral_v<T>;
    const bool fits = (integral ? it->is_number_integer() : it->is_number()) &&
                      it->get<double>() >= double(lo) && it->get<double>() <= double(hi);
    if (!fits)
        throw InputError(where + "." + key, json_excerpt(*it),
                         std::string(integral ? "an integer" : "a number") + " from " +
                             format_number(double(lo)) + " to " + format_number(double(hi)));
    value = it->get<T>();
}

ViewSettings view_from_json(ViewId id, const json& in, const std::string& where) {
    if (!in.is_object())
        throw InputError(where, json_excerpt(in), "a JSON object of view settings");
    const std::vector<std::string> keys = keys_of(id);
    for (const auto& item : in.items())
        if (std::find(keys.begin(), keys.end(), item.key()) == keys.end())
            throw InputError(where + "." + item.key(), "an unknown key", "one of " + joined(keys));
    ViewSettings v;
    v.open = true;
    read(in, "open", where, "true or false", &json::is_boolean, v.open);
    read(in, "log_x", where, "true or false", &json::is_boolean, v.log_x);
    read(in, "playing", where, "true or false", &json::is_boolean, v.playing);
    read_in_range(in, "speed", where, k_min_speed, k_max_speed, v.speed);
    read_in_range(in, "position", where, 0, k_max_rotation_frames - 1, v.position);
    read_in_range(in, "key_position", where, 0, k_max_rotation_frames - 1, v.key_position);
    read(in, "together", where, "true or false", &json::is_boolean, v.together);
    read(in, "figure", where, "a figure name", &json::is_string, v.figure);
    read(in, "difference", where, "true or false", &json::is_boolean, v.difference);
    read(in, "all_heads", where, "true or false", &json::is_boolean, v.all_heads);
    std::string scale = colour_scale_name(v.scale);
    read(in, "scale", where, "auto, shared or per-panel", &json::is_string, scale);
    v.scale = parse_colour_scale(scale, where + ".scale");
    read(in, "beside_content", where, "a content kind", &json::is_string, v.beside_content);
    if (const std::vector<std::string> kinds = beside_contents();
        std::find(kinds.begin(), kinds.end(), v.beside_content) == kinds.end())
        throw InputError(where + ".beside_content", v.beside_content, "one of " + joined(kinds));
    if (const std::vector<std::string> names = figure_names();
        std::find(names.begin(), names.end(), v.figure) == names.end())
        throw InputError(where + ".figure", v.figure, "one of " + joined(names));
    if (const auto it = in.find("compare"); it != in.end()) {
        if (!it->is_array())
            throw InputError(where + ".compare", json_excerpt(*it), "an array of names");
        for (const json& name : *it) {
            if (!name.is_string())
                throw InputError(where + ".compare", json_excerpt(name), "an array of names");
            v.compare.push_back(name.get<std::string>());
        }
    }
    return v;
}

}  // namespace

std::vector<std::string> beside_contents() {
    return {"", "ones", "random", "zeros"};
}

const std::array<ViewInfo, k_view_count>& view_infos() {
    return k_views;
}

const ViewInfo& view_info(ViewId id) {
    return k_views[size_t(id)];
}

std::optional<ViewId> find_view(const std::string& key) {
    for (const ViewInfo& v : k_views)
        if (key == v.key) return v.id;
    return std::nullopt;
}

ViewSet views_from_json(const json& in, const std::string& where) {
    if (!in.is_object()) throw InputError(where, json_excerpt(in), "a JSON object naming views");
    ViewSet views;
    for (const auto& item : in.items()) {
        const std::optional<ViewId> id = find_view(item.key());
        if (!id) {
            std::vector<std::string> names;
            for (const ViewInfo& v : k_views) names.push_back(v.key);
            throw InputError(where + "." + item.key(), "an unknown view",
                             "one of " + joined(names));
        }
        views[size_t(*id)] = view_from_json(*id, item.value(), where + "." + item.key());
    }
    return views;
}

json views_to_json(const ViewSet& views) {
    json out = json::object();
    for (const ViewInfo& info : k_views) {
        const ViewSettings& v = views[size_t(info.id)];
        if (!v.open) continue;
        json settings = json::object();
        const ViewSettings defaults;
        for (const std::string& key : keys_of(info.id)) {
            if (key == "compare" && !v.compare.empty()) settings[key] = v.compare;
            if (key == "log_x" && v.log_x != defaults.log_x) settings[key] = v.log_x;
            if (key == "playing" && v.playing != defaults.playing) settings[key] = v.playing;
            if (key == "speed" && v.speed != defaults.speed) settings[key] = v.speed;
            if (key == "position" && v.position != defaults.position) settings[key] = v.position;
            if (key == "key_position" && v.key_position != defaults.key_position)
                settings[key] = v.key_position;
            if (key == "together" && v.together != defaults.together) settings[key] = v.together;
            if (key == "figure") settings[key] = v.figure;
            if (key == "scale" && v.scale != defaults.scale)
                settings[key] = colour_scale_name(v.scale);
            if (key == "difference" && v.difference != defaults.difference)
                settings[key] = v.difference;
            if (key == "all_heads" && v.all_heads != defaults.all_heads)
                settings[key] = v.all_heads;
            if (key == "beside_content" && !v.beside_content.empty())
                settings[key] = v.beside_content;
        }
        out[info.key] = settings;
    }
    return out;
}

}  // namespace posviz::storyline
