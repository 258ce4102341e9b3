#include "app/storyline/lecture_pages.h"

#include <algorithm>

#include "app/storyline/view_figures.h"

namespace posviz::storyline {

std::vector<LecturePage> lecture_pages(const ViewSet& views, std::optional<ViewId> lead,
                                       const Scene& scene, const std::string& lang) {
    std::vector<LecturePage> pages;
    bool lead_draws = false;
    for (const ViewInfo& info : view_infos()) {
        const ViewSettings& settings = settings_of(views, info.id);
        if (!settings.open) continue;
        const std::vector<ViewFigure> figures = view_figures(info.id, scene, settings, lang);
        if (figures.empty()) pages.push_back({info.id, 0});
        for (const ViewFigure& f : figures) pages.push_back({info.id, f.slot});
        lead_draws = lead_draws || (info.id == lead && !figures.empty());
    }
    // A lead view that draws nothing for the scene as it is now (another encoding chosen) would
    // open the slide on the page that says so: the views' order stands then.
    if (lead_draws)
        std::stable_partition(pages.begin(), pages.end(),
                              [&](const LecturePage& p) { return p.view == *lead; });
    return pages;
}

int page_after(int current, int step, int count) {
    if (count <= 0) return 0;
    return ((current + step) % count + count) % count;
}

}  // namespace posviz::storyline
