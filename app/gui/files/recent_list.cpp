#include "app/gui/files/recent_list.h"

#include <algorithm>
#include <filesystem>

namespace posviz::gui {

namespace {

std::string normal(const std::string& path) {
    std::string text = std::filesystem::path(path).lexically_normal().string();
    while (text.size() > 1 && text.ends_with("/")) text.pop_back();
    return text;
}

}  // namespace

void remember(std::vector<std::string>& list, const std::string& path, size_t cap) {
    const std::string item = normal(path);
    if (item.empty()) return;
    std::erase_if(list, [&](const std::string& old) { return normal(old) == item; });
    list.insert(list.begin(), item);
    if (list.size() > cap) list.resize(cap);
}

}  // namespace posviz::gui
