#include "core/formats/scene_json.h"

#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>

#include "core/formats/json_input.h"
#include "core/input_error.h"

namespace posviz {

namespace {

using nlohmann::json;

// Calls visit(key, field) for every field of a Scene except rope_scaling: one list serves writing,
// reading and the set of known keys, so they cannot drift apart.
template <class SceneT, class Visit>
void visit_scene_fields(SceneT& s, Visit&& visit) {
    visit("figure", s.figure);
    visit("encoding", s.encoding);
    visit("seq_len", s.seq_len);
    visit("dim", s.dim);
    visit("base", s.base);
    visit("sinusoidal_layout", s.sinusoidal_layout);
    visit("rope_style", s.rope_style);
    visit("rotary_fraction", s.rotary_fraction);
    visit("queries_path", s.queries_path);
    visit("keys_path", s.keys_path);
    visit("content", s.content);
    visit("sentence", s.sentence);
    visit("seed", s.seed);
    visit("table_path", s.table_path);
    visit("table_tensor", s.table_tensor);
    visit("table_row_offset", s.table_row_offset);
    visit("max_len", s.max_len);
    visit("rel_table_path", s.rel_table_path);
    visit("shaw_clip", s.shaw_clip);
    visit("heads", s.heads);
    visit("head", s.head);
    visit("num_buckets", s.num_buckets);
    visit("max_distance", s.max_distance);
    visit("bidirectional", s.bidirectional);
    visit("kerple_kind", s.kerple_kind);
    visit("kerple_r1", s.kerple_r1);
    visit("kerple_r2", s.kerple_r2);
    visit("xpos_gamma", s.xpos_gamma);
    visit("xpos_scale_base", s.xpos_scale_base);
    visit("softmax", s.softmax);
    visit("causal", s.causal);
    visit("dims", s.dims);
    visit("compare", s.compare);
    visit("max_bytes", s.max_bytes);
    visit("resolution", s.resolution);
}

// The same for rope_scaling, except its type (a name, not a number).
template <class ScalingT, class Visit>
void visit_scaling_fields(ScalingT& r, Visit&& visit) {
    visit("factor", r.factor);
    visit("max_position_embeddings", r.max_position_embeddings);
    visit("original_max_position_embeddings", r.original_max_position_embeddings);
    visit("beta_fast", r.beta_fast);
    visit("beta_slow", r.beta_slow);
    visit("truncate", r.truncate);
    visit("mscale", r.mscale);
    visit("mscale_all_dim", r.mscale_all_dim);
    visit("attention_factor", r.attention_factor);
    visit("low_freq_factor", r.low_freq_factor);
    visit("high_freq_factor", r.high_freq_factor);
    visit("short_factor", r.short_factor);
    visit("long_factor", r.long_factor);
    visit("proportion", r.proportion);
}

struct Writer {
    json& out;
    template <class T>
    void operator()(const char* key, const T& value) {
        out[key] = value;
    }
    void operator()(const char* key, const std::optional<double>& value) {
        if (value) out[key] = *value;
    }
};

std::string shown(const json& value) {
    return json_excerpt(value);
}

int64_t read_integer(const json& j, const std::string& key, int64_t lo, int64_t hi) {
    if (j.is_number_unsigned() && j.get<uint64_t>() <= uint64_t(hi))
        return int64_t(j.get<uint64_t>());
    if (j.is_number_integer() && !j.is_number_unsigned() && j.get<int64_t>() >= lo &&
        j.get<int64_t>() <= hi)
        return j.get<int64_t>();
    throw InputError(key, shown(j),
                     "an integer in " + std::to_string(lo) + ".." + std::to_string(hi));
}

double read_number(const json& j, const std::string& key) {
    if (!j.is_number()) throw InputError(key, shown(j), "a number");
    return j.get<double>();
}

// Reads the keys present in `in` into their fields; absent keys leave the field alone.
struct Reader {
    const json& in;
    const std::string& where;

    const json* find(const char* key, std::string& name) const {
        name = where + "." + key;
        const auto it = in.find(key);
        return it == in.end() ? nullptr : &*it;
    }
    void operator()(const char* key, int& value) const {
        std::string name;
        if (const json* j = find(key, name))
            value = int(read_integer(*j, name, std::numeric_limits<int>::min(),
                                     std::numeric_limits<int>::max()));
    }
    void operator()(const char* key, int64_t& value) const {
        std::string name;
        if (const json* j = find(key, name))
            value = read_integer(*j, name, std::numeric_limits<int64_t>::min(),
                                 std::numeric_limits<int64_t>::max());
    }
    void operator()(const char* key, uint64_t& value) const {
        std::string name;
        if (const json* j = find(key, name)) {
            if (!j->is_number_unsigned())
                throw InputError(name, shown(*j), "a non-negative integer");
            value = j->get<uint64_t>();
        }
    }
    void operator()(const char* key, double& value) const {
        std::string name;
        if (const json* j = find(key, name)) value = read_number(*j, name);
    }
    void operator()(const char* key, std::optional<double>& value) const {
        std::string name;
        if (const json* j = find(key, name))
            value = j->is_null() ? std::nullopt : std::optional<double>(read_number(*j, name));
    }
    void operator()(const char* key, bool& value) const {
        std::string name;
        if (const json* j = find(key, name)) {
            if (!j->is_boolean()) throw InputError(name, shown(*j), "true or false");
            value = j->get<bool>();
        }
    }
    void operator()(const char* key, std::string& value) const {
        std::string name;
        if (const json* j = find(key, name)) {
            if (!j->is_string()) throw InputError(name, shown(*j), "a string");
            value = j->get<std::string>();
        }
    }
    void operator()(const char* key, std::vector<std::string>& value) const {
        std::string name;
        const json* j = find(key, name);
        if (!j) return;
        if (!j->is_array()) throw InputError(name, shown(*j), "an array of strings");
        value.clear();
        for (const json& item : *j) {
            if (!item.is_string()) throw InputError(name, shown(item), "an array of strings");
            value.push_back(item.get<std::string>());
        }
    }
    void operator()(const char* key, std::vector<int>& value) const {
        std::string name;
        const json* j = find(key, name);
        if (!j) return;
        if (!j->is_array()) throw InputError(name, shown(*j), "an array of integers");
        value.clear();
        for (const json& item : *j)
            value.push_back(int(read_integer(item, name, std::numeric_limits<int>::min(),
                                             std::numeric_limits<int>::max())));
    }
    void operator()(const char* key, std::vector<double>& value) const {
        std::string name;
        const json* j = find(key, name);
        if (!j) return;
        if (!j->is_array()) throw InputError(name, shown(*j), "an array of numbers");
        value.clear();
        for (const json& item : *j) value.push_back(read_number(item, name));
    }
};

// Every key of `in` must be one of `known`.
void reject_unknown_keys(const json& in, const std::string& where,
                         const std::vector<std::string>& known) {
    for (const auto& item : in.items()) {
        if (std::find(known.begin(), known.end(), item.key()) != known.end()) continue;
        std::string names;
        for (const std::string& k : known) names += (names.empty() ? "" : ", ") + k;
        throw InputError(where + "." + item.key(), "an unknown key", "one of " + names);
    }
}

void require_object(const json& j, const std::string& where) {
    if (!j.is_object()) throw InputError(where, shown(j), "a JSON object");
}

RopeScaling scaling_from_json(const json& in, const std::string& where) {
    require_object(in, where);
    std::vector<std::string> known = {"type"};
    RopeScaling scaling;
    visit_scaling_fields(scaling, [&](const char* key, auto&) { known.push_back(key); });
    reject_unknown_keys(in, where, known);
    if (const auto it = in.find("type"); it != in.end()) {
        if (!it->is_string()) throw InputError(where + ".type", shown(*it), "a string");
        scaling.type = parse_rope_scaling_type(it->get<std::string>(), where + ".type");
    }
    visit_scaling_fields(scaling, Reader{in, where});
    return scaling;
}

}  // namespace

json scene_to_json(const Scene& scene) {
    json out = json::object();
    visit_scene_fields(scene, Writer{out});
    // The memory budget belongs to the machine, not the scene: a preset or settings file saved on
    // one machine must not carry its budget to another. A file may still set one (to lower it);
    // validate_scene bounds it by this machine's memory.
    out.erase("max_bytes");
    if (scene.rope_scaling.type != RopeScalingType::None) {
        json scaling = {{"type", rope_scaling_name(scene.rope_scaling.type)}};
        visit_scaling_fields(scene.rope_scaling, Writer{scaling});
        out["rope_scaling"] = scaling;
    }
    return out;
}

Scene scene_from_json(const json& in, const std::string& where) {
    require_object(in, where);
    std::vector<std::string> known = {"rope_scaling"};
    Scene scene;
    visit_scene_fields(scene, [&](const char* key, auto&) { known.push_back(key); });
    reject_unknown_keys(in, where, known);
    visit_scene_fields(scene, Reader{in, where});
    if (const auto it = in.find("rope_scaling"); it != in.end())
        scene.rope_scaling = scaling_from_json(*it, where + ".rope_scaling");
    // As on the command line, a sentence sets L unless seq_len is written (then they must agree).
    if (!in.contains("seq_len")) fit_length_to_sentence(scene, where);
    return scene;
}

std::string scene_to_text(const Scene& scene) {
    return scene_to_json(scene).dump(2) + "\n";
}

Scene scene_from_text(const std::string& text, const std::string& where) {
    const json parsed = parse_json(text, where, "text", "a scene as a JSON object");
    return with_json_errors(where, "a scene", "a scene as a JSON object",
                            [&] { return scene_from_json(parsed, where); });
}

bool same_scene(const Scene& a, const Scene& b) {
    return scene_to_json(a) == scene_to_json(b);
}

}  // namespace posviz
