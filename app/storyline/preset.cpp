#include "app/storyline/preset.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/formats/input_file.h"
#include "core/formats/json_input.h"
#include "core/formats/npy.h"
#include "core/formats/scene_json.h"
#include "core/input_error.h"

namespace posviz::storyline {

namespace {

using nlohmann::json;

void read_languages(const json& in, const char* key, const std::string& where, std::string& en,
                    std::string& zh) {
    const auto it = in.find(key);
    if (it == in.end()) return;
    const std::string name = where + "." + key;
    if (!it->is_object())
        throw InputError(name, json_excerpt(*it), "an object {\"en\": ..., \"zh\": ...}");
    for (const auto& item : it->items()) {
        if (item.key() != "en" && item.key() != "zh")
            throw InputError(name + "." + item.key(), "an unknown key", "en or zh");
        if (!item.value().is_string())
            throw InputError(name + "." + item.key(), json_excerpt(item.value()), "a string");
    }
    en = it->value("en", "");
    zh = it->value("zh", en);
}

// The lead view must be one the preset opens: a lead that is never on screen would be a typo.
ViewId read_lead_view(const json& in, const ViewSet& views, const std::string& name) {
    std::string open_views;
    for (const ViewInfo& info : view_infos())
        if (settings_of(views, info.id).open)
            open_views += (open_views.empty() ? "" : ", ") + std::string(info.key);
    const std::string expected = "one of the views the preset opens (" + open_views + ")";
    if (!in.is_string()) throw InputError(name, json_excerpt(in), expected);
    const std::optional<ViewId> id = find_view(in.get<std::string>());
    if (!id || !settings_of(views, *id).open) throw InputError(name, json_excerpt(in), expected);
    return *id;
}

}  // namespace

const std::string& preset_title(const Preset& p, const std::string& lang) {
    return lang == "zh" && !p.title_zh.empty() ? p.title_zh : p.title_en;
}

const std::string& preset_note(const Preset& p, const std::string& lang) {
    return lang == "zh" && !p.note_zh.empty() ? p.note_zh : p.note_en;
}

const std::string& preset_speaker_notes(const Preset& p, const std::string& lang) {
    return lang == "zh" && !p.speaker_notes_zh.empty() ? p.speaker_notes_zh : p.speaker_notes_en;
}

Preset preset_from_json(const json& in, const std::string& where) {
    if (!in.is_object()) throw InputError(where, "JSON that is not an object", "a preset object");
    for (const auto& item : in.items())
        if (item.key() != "title" && item.key() != "note" && item.key() != "speaker_notes" &&
            item.key() != "scene" && item.key() != "views" && item.key() != "lead_view")
            throw InputError(where + "." + item.key(), "an unknown key",
                             "one of title, note, speaker_notes, scene, views, lead_view");
    Preset p;
    read_languages(in, "title", where, p.title_en, p.title_zh);
    read_languages(in, "note", where, p.note_en, p.note_zh);
    read_languages(in, "speaker_notes", where, p.speaker_notes_en, p.speaker_notes_zh);
    if (const auto it = in.find("scene"); it != in.end())
        p.scene = scene_from_json(*it, where + ".scene");
    // Checked as it is loaded, so a preset that cannot be shown is refused with its field named,
    // before any view computes with it.
    validate_scene(p.scene, where + ".scene");
    if (const auto it = in.find("views"); it != in.end())
        p.views = views_from_json(*it, where + ".views");
    if (const auto it = in.find("lead_view"); it != in.end())
        p.lead_view = read_lead_view(*it, p.views, where + ".lead_view");
    return p;
}

json preset_to_json(const Preset& p) {
    json out = {{"title", {{"en", p.title_en}, {"zh", p.title_zh}}},
                {"note", {{"en", p.note_en}, {"zh", p.note_zh}}},
                {"speaker_notes", {{"en", p.speaker_notes_en}, {"zh", p.speaker_notes_zh}}},
                {"scene", scene_to_json(p.scene)},
                {"views", views_to_json(p.views)}};
    // A lead the user has since closed is dropped, or the file could not be read back.
    if (p.lead_view && settings_of(p.views, *p.lead_view).open)
        out["lead_view"] = view_info(*p.lead_view).key;
    return out;
}

Preset read_preset(const std::string& path) {
    constexpr uint64_t kMaxBytes = 16 << 20;  // presets are a few kB
    const json parsed = parse_json(read_input_file(path, path, "a readable preset file", kMaxBytes),
                                   path, "text that is not a preset", "a preset in JSON");
    return with_json_errors(path, "a preset", "a preset in JSON", [&] {
        return preset_from_json(parsed, std::filesystem::path(path).filename().string());
    });
}

void write_preset(const Preset& preset, const std::string& path) {
    write_file_atomically(path, preset_to_json(preset).dump(2) + "\n");
}

std::string presets_dir() {
    // Found from where the running binary lies (/proc/self/exe): an installed posviz (the .deb,
    // cmake --install --prefix P) reads P/share/posviz/presets beside its P/bin. Only a binary
    // inside the build tree (build/app/posviz, the test binaries) that has no such folder reads the
    // source tree's assets/, so an installed copy that lost its presets has none, instead of
    // quietly reading a checkout's. (Without /proc there is no telling where the binary is: then
    // the source tree's, as built.)
    std::error_code error;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error) return std::string(POSVIZ_ASSETS_DIR) + "/presets";
    const std::filesystem::path installed =
        exe.parent_path().parent_path() / "share/posviz/presets";
    if (std::filesystem::is_directory(installed, error)) return installed.string();
    const std::filesystem::path build_tree =
        std::filesystem::weakly_canonical(POSVIZ_BUILD_DIR, error);
    const bool in_build_tree =
        !error &&
        std::mismatch(build_tree.begin(), build_tree.end(), exe.begin(), exe.end()).first ==
            build_tree.end();
    if (in_build_tree) return std::string(POSVIZ_ASSETS_DIR) + "/presets";
    return installed.string();
}

std::vector<std::string> preset_files(const std::string& dir) {
    std::vector<std::string> files;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(dir, error))
        if (entry.is_regular_file() && entry.path().extension() == ".json")
            files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

std::string preset_name(const std::string& path) {
    std::string stem = std::filesystem::path(path).stem().string();
    size_t digits = 0;
    while (digits < stem.size() && std::isdigit(static_cast<unsigned char>(stem[digits]))) ++digits;
    if (digits > 0 && digits < stem.size() && stem[digits] == '-') return stem.substr(digits + 1);
    return stem;
}

std::string resolve_preset(const std::string& name_or_path, const std::string& dir) {
    if (std::filesystem::is_regular_file(name_or_path)) return name_or_path;
    std::string names;
    for (const std::string& file : preset_files(dir)) {
        const std::string stem = std::filesystem::path(file).stem().string();
        if (name_or_path == stem || name_or_path == preset_name(file)) return file;
        names += (names.empty() ? "" : ", ") + preset_name(file);
    }
    throw InputError("--preset", name_or_path, "a preset file or one of " + names);
}

std::vector<std::string> storyline_presets(const std::vector<std::string>& names) {
    const std::string dir = presets_dir();
    if (names.empty()) {
        std::vector<std::string> all = preset_files(dir);
        if (all.empty()) throw InputError("--preset", "nothing", "presets in " + dir);
        return all;
    }
    std::vector<std::string> paths;
    for (const std::string& name : names) paths.push_back(resolve_preset(name, dir));
    return paths;
}

}  // namespace posviz::storyline
