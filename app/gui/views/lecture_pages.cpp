#include "app/gui/views/lecture_pages.h"

#include "app/gui/views/view_figures.h"

namespace posviz::gui {

std::vector<LecturePage> lecture_pages(const ViewSet& views, const Scene& scene,
                                       const std::string& lang) {
    std::vector<LecturePage> pages;
    size_t leading = 0;  // pages moved to the front
    for (const ViewInfo& info : view_infos()) {
        const ViewSettings& settings = settings_of(views, info.id);
        if (!settings.open) continue;
        const std::vector<ViewFigure> figures = view_figures(info.id, scene, settings, lang);
        if (figures.empty()) pages.push_back({info.id, 0});
        // The rotation is the one view that moves: a slide that opens it (and can play it) is
        // about it, so it is the first page, whatever views come before it in this order.
        const bool first = info.id == ViewId::Rotation && !figures.empty();
        for (const ViewFigure& f : figures)
            pages.insert(first ? pages.begin() + long(leading++) : pages.end(), {info.id, f.slot});
    }
    return pages;
}

int page_after(int current, int step, int count) {
    if (count <= 0) return 0;
    return ((current + step) % count + count) % count;
}

}  // namespace posviz::gui
