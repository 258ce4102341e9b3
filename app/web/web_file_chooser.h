// The page's file traffic (app/web/web_file_chooser.cpp): files the user picks in the browser's
// file input or drops on the page arrive in /uploads of the page's file system; files posviz
// writes into /downloads are handed to the browser as downloads and removed.
#pragma once

#include <optional>
#include <string>

namespace posviz::web {

constexpr const char* k_uploads = "/uploads";
constexpr const char* k_downloads = "/downloads";

// A file that arrived with nobody asking for it (dropped on the page, or picked in the page's
// own "Open file…"), taken once.
std::optional<std::string> take_unasked_file();

}  // namespace posviz::web
