#include "app/storyline/view_request.h"

#include "core/figures/rotation_frame.h"
#include "core/formats/scene_json.h"

namespace posviz::storyline {

bool same_request(const ViewRequest& a, const ViewRequest& b) {
    return a.options.lang == b.options.lang && a.options.colormap == b.options.colormap &&
           a.options.log_x == b.options.log_x &&
           a.options.scores_backend == b.options.scores_backend &&
           a.options.device_heatmaps == b.options.device_heatmaps &&
           a.options.single_precision == b.options.single_precision &&
           a.options.split == b.options.split && a.options.all_heads == b.options.all_heads &&
           a.options.difference == b.options.difference && a.options.scale == b.options.scale &&
           a.options.vmin == b.options.vmin && a.options.vmax == b.options.vmax &&
           a.options.norm == b.options.norm &&
           a.options.preview_texels == b.options.preview_texels &&
           a.rotation_frame == b.rotation_frame && a.rotation_frames == b.rotation_frames &&
           a.rotation_key == b.rotation_key && a.theme == b.theme && same_scene(a.scene, b.scene);
}

Figure build_view_figure(const ViewRequest& r) {
    if (r.rotation_frame >= 0)
        return build_rotation_frame(
            r.scene, r.options, RotationFrame{r.rotation_frame, r.rotation_key, r.rotation_frames});
    return build_figure(r.scene, r.options);
}

}  // namespace posviz::storyline
