#include "app/gui/files/export_target.h"

namespace posviz::gui {

std::optional<ViewId> export_view(std::optional<ViewId> clicked, const ViewAreas& areas) {
    if (clicked && areas[size_t(*clicked)] > 0.0f) return clicked;
    std::optional<ViewId> largest;
    for (const ViewInfo& info : view_infos())
        if (areas[size_t(info.id)] > (largest ? areas[size_t(*largest)] : 0.0f)) largest = info.id;
    return largest;
}

}  // namespace posviz::gui
