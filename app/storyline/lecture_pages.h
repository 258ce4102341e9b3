// Lecture mode shows one figure at a time (lecture_layout.h): the pages are the figures of the
// slide's open views, in the views' order — Waves' curves, then its wavelengths, then the next
// view's — and Tab steps through them. The slide's lead view (the preset's "lead_view": the
// rotation a RoPE slide is about, before the wavelengths that explain its speeds) comes first
// when it draws. A view that draws nothing for the scene's encoding is one page too, the one that
// says so.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/storyline/view_settings.h"
#include "core/scene.h"

namespace posviz::storyline {

struct LecturePage {
    ViewId view = ViewId::Wavelengths;
    int slot = 0;  // which of the view's figure jobs
    bool operator==(const LecturePage&) const = default;
};

std::vector<LecturePage> lecture_pages(const ViewSet& views, std::optional<ViewId> lead,
                                       const Scene& scene, const std::string& lang);

// The page `step` pages on from `current` among `count`, wrapping at both ends (Tab on the last
// figure shows the first again: there are a few, and the slide keys, not Tab, move on).
int page_after(int current, int step, int count);

}  // namespace posviz::storyline
