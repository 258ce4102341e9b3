// Recent places and recent presets, as settings.json keeps them: newest first, each path once,
// at most k_max_recent.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace posviz::gui {

constexpr size_t k_max_recent = 8;

// Puts `path` first, removing an earlier copy of it (the same path however written: "a/b/",
// "a/./b"), and drops the oldest beyond `cap`.
void remember(std::vector<std::string>& list, const std::string& path, size_t cap = k_max_recent);

}  // namespace posviz::gui
