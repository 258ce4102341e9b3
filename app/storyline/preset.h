// Presets: plain JSON files in assets/presets/, one step of the lecture's storyline each — a
// scene, the views it opens and their settings, a short title and a one-line note in English and
// Chinese, and speaker notes: several sentences on the step's teaching points, shown only in the
// lecturer's notes window (the note is the caption the audience reads; the notes are what the
// lecturer says). The GUI walks them with PageDown/PageUp and can save the current state as a
// new one. "lead_view" names the view lecture mode shows first, when it is not the first open
// one in the views' order (lecture_pages.h): "views" is an object, whose key order says nothing.
//
//   {"title": {"en": "...", "zh": "..."}, "note": {"en": "...", "zh": "..."},
//    "speaker_notes": {"en": "...", "zh": "..."},
//    "scene": {"encoding": "rope", "seq_len": 64},
//    "views": {"rotation": {"playing": true}, "wavelengths": {}}, "lead_view": "rotation"}
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "app/storyline/view_settings.h"
#include "core/scene.h"

namespace posviz::storyline {

struct Preset {
    std::string title_en, title_zh;
    std::string note_en, note_zh;
    std::string speaker_notes_en, speaker_notes_zh;
    Scene scene;
    ViewSet views;
    std::optional<ViewId> lead_view;  // one of the open views
};

const std::string& preset_title(const Preset& preset, const std::string& lang);
const std::string& preset_note(const Preset& preset, const std::string& lang);
const std::string& preset_speaker_notes(const Preset& preset, const std::string& lang);

// InputErrors name the key, prefixed with `where` (a file name, say).
Preset preset_from_json(const nlohmann::json& json, const std::string& where);
nlohmann::json preset_to_json(const Preset& preset);

// Reads and checks a preset file; InputError naming the file (and key) when it is unreadable,
// not JSON, or holds unknown keys or wrong types.
Preset read_preset(const std::string& path);
// Atomic: a temporary file renamed over `path`.
void write_preset(const Preset& preset, const std::string& path);

// The shipped presets directory, and its *.json files in name order (the storyline's order).
std::string presets_dir();
std::vector<std::string> preset_files(const std::string& dir);
// A preset given on the command line: an existing file, or a shipped preset's name with or
// without its number and extension ("rope-rotation", "05-rope-rotation"). InputError otherwise.
std::string resolve_preset(const std::string& name_or_path, const std::string& dir);
// "05-rope-rotation.json" → "rope-rotation".
std::string preset_name(const std::string& path);

// The shipped storyline in its order (the GUI's: file-name order in presets_dir()), or the
// presets `names` gives, in the order given (a name as `--preset` takes it, or a preset file).
// InputError("--preset", …) for a name that is neither.
std::vector<std::string> storyline_presets(const std::vector<std::string>& names);

}  // namespace posviz::storyline
