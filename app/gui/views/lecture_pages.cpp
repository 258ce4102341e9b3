#include "app/gui/views/lecture_pages.h"

#include "app/gui/views/view_figures.h"

namespace posviz::gui {

std::vector<LecturePage> lecture_pages(const ViewSet& views, const Scene& scene,
                                       const std::string& lang) {
    std::vector<LecturePage> pages;
    for (const ViewInfo& info : view_infos()) {
        const ViewSettings& settings = settings_of(views, info.id);
        if (!settings.open) continue;
        const std::vector<ViewFigure> figures = view_figures(info.id, scene, settings, lang);
        if (figures.empty()) pages.push_back({info.id, 0});
        for (const ViewFigure& f : figures) pages.push_back({info.id, f.slot});
    }
    return pages;
}

int page_after(int current, int step, int count) {
    if (count <= 0) return 0;
    return ((current + step) % count + count) % count;
}

}  // namespace posviz::gui
