// One JSON object of a config.json and the name config.json gives it, so that errors name the
// field as written ("text_config.rope_scaling.factor"). Hugging Face writes null for unset
// optional keys (rope_scaling: null, head_dim: null): null and absent mean the same here.
// Internal to core/formats/hf_config (nlohmann-json stays out of the public headers).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace posviz::hf {

using nlohmann::json;

// A value as written, shortened to one line of an error message.
std::string shown(const json& value);

// 500000 rather than the shortest "5e+05": people read these.
std::string readable(double value);

struct Block {
    const json& object;
    std::string prefix;  // "" at the top level, "text_config." or "rope_scaling." inside

    std::string field(const std::string& key) const { return prefix + key; }
    const json* find(const std::string& key) const;
    const json& required(const std::string& key, const std::string& allowed) const;

    double number(const std::string& key, const json& value) const;
    int integer(const std::string& key, const json& value) const;  // a positive integer
    std::optional<double> optional_number(const std::string& key) const;
    int integer_or(const std::string& key, int fallback) const;
    std::string string_or(const std::string& key, const std::string& fallback) const;
    std::optional<bool> optional_bool(const std::string& key) const;
    std::vector<double> number_list(const std::string& key) const;
    // A list of positive integers (mrope_section), or of 0/1 flags (no_rope_layers).
    std::vector<int> integer_list(const std::string& key, bool flags) const;
    // The object under `key`, or nullopt when absent; anything else is an error.
    std::optional<Block> child(const std::string& key, const std::string& allowed) const;
};

}  // namespace posviz::hf
