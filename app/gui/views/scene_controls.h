// Widgets that edit the shared Scene, in the ImGui manner: each draws itself with the given label
// and returns true when it changed the scene. The Scene window (left) shows every parameter of
// the current encoding; the views repeat the few that matter to them in their tool rows.
#pragma once

#include "app/gui/app.h"
#include "core/scene.h"

namespace posviz::gui {

// An integer slider whose value stays within [lo, hi] however it is edited (Ctrl+click types a
// number): every slider that sets a scene value is one, so no widget writes a value outside
// core/limits.h.
bool int_slider(const char* label, int& value, int lo, int hi, bool logarithmic = false);
// L from 2 to `max` (length_limits.h: what the view's figures draw), dragged on a logarithmic
// slider or typed after Ctrl+click, as ImGui's sliders are; a typed value beyond `max` is clamped
// and one that is no length is refused, and `note` says so in the window (show_length_note).
bool seq_len_slider(const char* label, Scene& scene, int max, LengthNote& note);
// The note about the last typed length, wrapped, while L is still the value it was about.
void show_length_note(const LengthNote& note, const Scene& scene);
bool dim_slider(const char* label, Scene& scene);
// ALiBi's head, 0 to H - 1 (H as far as limits::kMaxHeads).
bool head_slider(const char* label, Scene& scene);
bool base_slider(const char* label, Scene& scene);
bool encoding_combo(const char* label, std::string& encoding);
// An encoding's name in the window's language, as the figures write it (encoding_title):
// "正弦" for sinusoidal in Chinese, "RoPE" in both.
std::string window_encoding_title(const std::string& name);
bool content_combo(const char* label, Scene& scene);
// The Attention view's second content (ViewSettings::beside_content): none, ones, random, zeros.
bool beside_content_combo(const char* label, std::string& beside);
// A multi-select list of encodings ("NoPE, RoPE, ALiBi"); empty means the scene's encoding.
// `choices`: the encodings offered (empty: every one).
bool encodings_combo(const char* label, std::vector<std::string>& encodings,
                     const std::string& fallback, const std::vector<std::string>& choices = {});

// The Scene window's contents.
void scene_controls(App& app);
// Once the scene no longer has the loaded model's parameters (a slide, a preset or an edit
// replaced them), the figures stop naming the model: called every frame (model_state.h).
void forget_stale_model(App& app);

}  // namespace posviz::gui
