#include "core/formats/hf_config/config_block.h"

#include <climits>
#include <cmath>

#include "core/encodings/checks.h"
#include "core/formats/json_input.h"
#include "core/input_error.h"

namespace posviz::hf {

std::string shown(const json& value) {
    return json_excerpt(value);
}

std::string readable(double value) {
    if (value == std::floor(value) && std::abs(value) < 1e15)
        return std::to_string((long long)value);
    return format_number(value);
}

const json* Block::find(const std::string& key) const {
    auto it = object.find(key);
    return it == object.end() || it->is_null() ? nullptr : &*it;
}

const json& Block::required(const std::string& key, const std::string& allowed) const {
    const json* v = find(key);
    if (!v) throw InputError(field(key), "nothing (missing)", allowed);
    return *v;
}

double Block::number(const std::string& key, const json& value) const {
    if (!value.is_number()) throw InputError(field(key), shown(value), "a number");
    return value.get<double>();
}

int Block::integer(const std::string& key, const json& value) const {
    double v = number(key, value);
    if (v != std::floor(v) || v < 1 || v > INT_MAX)
        throw InputError(field(key), shown(value), "a positive integer");
    return int(v);
}

std::optional<double> Block::optional_number(const std::string& key) const {
    const json* v = find(key);
    return v ? std::optional(number(key, *v)) : std::nullopt;
}

int Block::integer_or(const std::string& key, int fallback) const {
    const json* v = find(key);
    return v ? integer(key, *v) : fallback;
}

std::string Block::string_or(const std::string& key, const std::string& fallback) const {
    const json* v = find(key);
    if (!v) return fallback;
    if (!v->is_string()) throw InputError(field(key), shown(*v), "a string");
    return v->get<std::string>();
}

std::optional<bool> Block::optional_bool(const std::string& key) const {
    const json* v = find(key);
    if (!v) return std::nullopt;
    if (!v->is_boolean()) throw InputError(field(key), shown(*v), "true or false");
    return v->get<bool>();
}

std::vector<double> Block::number_list(const std::string& key) const {
    const json& v = required(key, "a list of numbers");
    if (!v.is_array()) throw InputError(field(key), shown(v), "a list of numbers");
    std::vector<double> out;
    for (const json& x : v) out.push_back(number(key, x));
    return out;
}

std::vector<int> Block::integer_list(const std::string& key, bool flags) const {
    const char* allowed = flags ? "a list of 0 and 1 (or true and false), one per layer"
                                : "a list of positive integers";
    const json& v = required(key, allowed);
    if (!v.is_array()) throw InputError(field(key), shown(v), allowed);
    std::vector<int> out;
    for (const json& x : v) {
        const bool ok = flags ? x.is_boolean() || x == 0 || x == 1
                              : x.is_number_unsigned() && x.get<uint64_t>() >= 1 &&
                                    x.get<uint64_t>() <= uint64_t(INT_MAX);
        if (!ok)
            throw InputError(field(key) + "[" + std::to_string(out.size()) + "]", shown(x),
                             allowed);
        out.push_back(x.is_boolean() ? int(x.get<bool>()) : int(x.get<uint64_t>()));
    }
    return out;
}

std::optional<Block> Block::child(const std::string& key, const std::string& allowed) const {
    const json* v = find(key);
    if (!v) return std::nullopt;
    if (!v->is_object()) throw InputError(field(key), shown(*v), allowed);
    return Block{*v, field(key) + "."};
}

}  // namespace posviz::hf
