#include "tests/fuzz/fuzz_readers.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/gui/files/settings.h"
#include "app/storyline/preset.h"
#include "core/formats/hf_config.h"
#include "core/formats/hf_config/model_scene.h"
#include "core/formats/npy.h"
#include "core/formats/safetensors.h"
#include "core/formats/scene_json.h"
#include "core/input_error.h"

namespace posviz::fuzz {

namespace {

namespace fs = std::filesystem;

std::string file_text(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
}

std::vector<std::string> names_in(const std::string& dir) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir))
        names.push_back(entry.path().filename().string());
    return names;
}

std::string read_npy_file(const std::string& path) {
    const NpyArray array = read_npy(path);
    // The element count the shape promises, without overflowing on a shape with a zero in it.
    size_t count = 1;
    bool empty = false;
    for (const int64_t side : array.shape) empty = empty || side == 0;
    for (const int64_t side : array.shape)
        if (!empty && __builtin_mul_overflow(count, size_t(side), &count))
            return "accepted a shape whose element count overflows";
    if (empty) count = 0;
    if (array.data.size() != count)
        return "read " + std::to_string(array.data.size()) + " values for a shape of " +
               std::to_string(count);
    read_npy_matrix(path, "--queries");
    return "";
}

std::string read_safetensors_file(const std::string& path) {
    read_safetensors_entries(path, "--model");
    // GPT-2's tensor name, which the seeds use; other names exercise the "no such tensor" path.
    const Matrix table = read_safetensors_matrix(path, "wpe.weight");
    if (!table.allFinite()) return "accepted a table with a non-finite value";
    return "";
}

std::string read_safetensors_index_file(const std::string& path) {
    read_safetensors_index(path, "--model");
    return "";
}

// A config as --model-config uses it: described, and applied to a scene that is then validated;
// accepted when it is read. The description leaves out the analyses: they read no more of the file,
// their cost is bounded by d and L (describe_model.cpp), and at the fuzzers' -O1 under ASan a
// real model's b* scan alone takes longer than the fuzzer's per-input time-out.
std::string read_hf_config_file(const std::string& path) {
    const ModelPositions model = read_hf_config(path);
    DescribeOptions without_analyses;
    without_analyses.analyses = false;
    describe_model_text(model, without_analyses);
    describe_model_json(model, false);
    ModelChoice choice;
    choice.config_path = path;
    Scene scene;
    try {  // a model the figures do not draw (BERT's relative table) is rightly refused here
        apply_model_to_scene(choice, scene);
        validate_scene(scene);
    } catch (const InputError&) {
    }
    return "";
}

std::string read_scene_file(const std::string& path) {
    const Scene scene = scene_from_text(file_text(path));
    if (!same_scene(scene_from_text(scene_to_text(scene)), scene))
        return "the scene read does not read back the same once written";
    validate_scene(scene);
    return "";
}

std::string read_preset_file(const std::string& path) {
    const nlohmann::json written = storyline::preset_to_json(storyline::read_preset(path));
    if (storyline::preset_to_json(gui::preset_from_json(written, "written")) != written)
        return "the preset read does not read back the same once written";
    return "";
}

// load_settings reports a rejected file in `problem` instead of throwing (the GUI keeps running);
// once the defaults are checked, that becomes the InputError the other readers throw.
std::string read_settings_file(const std::string& path) {
    const gui::LoadedSettings loaded = gui::load_settings(path);
    if (loaded.problem.empty()) return "";
    const gui::Settings& s = loaded.settings;
    const gui::Settings d;
    if (s.x != d.x || s.y != d.y || s.width != d.width || s.height != d.height ||
        s.lang != d.lang || s.theme != d.theme || s.backend != d.backend || s.last ||
        s.step != d.step)
        return "rejected (" + loaded.problem + ") but did not fall back to the defaults";
    throw InputError(path, loaded.problem, "a settings file");
}

const std::vector<Reader> k_readers = {
    {"npy", "input.npy", read_npy_file, nullptr},
    {"safetensors", "input.safetensors", read_safetensors_file, nullptr},
    {"safetensors_index", "model.safetensors.index.json", read_safetensors_index_file, nullptr},
    {"hf_config", "config.json", read_hf_config_file, nullptr},
    {"scene", "scene.json", read_scene_file, nullptr},
    {"preset", "preset.json", read_preset_file, nullptr},
    {"settings", "settings.json", read_settings_file, "settings.json.bad"},
};

}  // namespace

const std::vector<Reader>& readers() {
    return k_readers;
}

const Reader& find_reader(std::string_view name) {
    for (const Reader& reader : k_readers)
        if (name == reader.name) return reader;
    std::fprintf(stderr, "no posviz reader called %.*s\n", int(name.size()), name.data());
    std::abort();
}

Checked read_and_check(const Reader& reader, const std::string& dir, std::string_view input) {
    const std::string path = (fs::path(dir) / reader.file_name).string();
    std::ofstream(path, std::ios::binary).write(input.data(), std::streamsize(input.size()));
    Checked checked;
    try {
        checked.problem = reader.read(path);
        checked.accepted = true;
    } catch (const InputError&) {
        checked.accepted = false;
    }
    // Readers only read: the input stays as it was and nothing is added beside it. A rejected
    // settings file may instead be moved aside, whole, so that the next start does not trip on it.
    const std::vector<std::string> after = names_in(dir);
    const bool moved = !checked.accepted && reader.moved_aside &&
                       after == std::vector<std::string>{reader.moved_aside};
    const std::string kept = moved ? reader.moved_aside : reader.file_name;
    if (checked.problem.empty() && after != std::vector<std::string>{kept}) {
        checked.problem = "the directory holds";
        for (const std::string& name : after) checked.problem += " " + name;
        checked.problem += " after reading; expected just " + kept;
    } else if (checked.problem.empty() && file_text((fs::path(dir) / kept).string()) != input) {
        checked.problem = kept + " changed while being read";
    }
    for (const std::string& name : after) fs::remove_all(fs::path(dir) / name);
    return checked;
}

ScratchDir::ScratchDir() {
    std::string pattern = (fs::temp_directory_path() / "posviz_fuzz_XXXXXX").string();
    if (!mkdtemp(pattern.data())) {
        std::perror("posviz fuzz: mkdtemp");
        std::abort();
    }
    path_ = pattern;
}

ScratchDir::~ScratchDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
}

}  // namespace posviz::fuzz
