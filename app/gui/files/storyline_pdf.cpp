#include "app/gui/files/storyline_pdf.h"

#include <filesystem>

#include "app/gui/files/preset.h"
#include "app/gui/files/storyline_page.h"
#include "app/gui/views/view_figures.h"
#include "app/render/export.h"
#include "core/cancellation.h"
#include "core/figure/theme.h"
#include "core/formats/atomic_file.h"
#include "core/input_error.h"

namespace posviz::gui {

std::vector<Figure> preset_figures(const Preset& preset, const std::string& path,
                                   const std::string& lang) {
    std::vector<Figure> figures;
    for (const ViewInfo& info : view_infos()) {
        const ViewSettings& settings = settings_of(preset.views, info.id);
        if (!settings.open) continue;
        for (const ViewFigure& view_figure : view_figures(info.id, preset.scene, settings, lang)) {
            FigureOutcome outcome = build_requested_figure(view_figure.request);
            if (outcome.cancelled) throw Cancelled();
            if (!outcome.figure)
                throw InputError(
                    path, outcome.error,
                    "a preset whose figures can be drawn (view " + std::string(info.key) + ")");
            figures.push_back(std::move(*outcome.figure));
        }
    }
    return figures;
}

std::vector<std::string> storyline_presets(const std::vector<std::string>& names) {
    const std::string dir = presets_dir();
    if (names.empty()) {
        std::vector<std::string> all = preset_files(dir);
        if (all.empty()) throw InputError("--preset", "nothing", "presets in " + dir);
        return all;
    }
    std::vector<std::string> paths;
    for (const std::string& name : names) paths.push_back(resolve_preset(name, dir));
    return paths;
}

std::string render_storyline_pdf(const StorylineRequest& request) {
    if (request.lang != "en" && request.lang != "zh")
        throw InputError("--lang", request.lang, "en or zh");
    find_theme(request.theme);
    // Every preset is read before anything is drawn: a broken one fails at once.
    std::vector<Preset> presets;
    for (const std::string& path : request.preset_paths) presets.push_back(read_preset(path));

    const bool zh = request.lang == "zh";
    std::string bytes;
    const CairoSurface surface = make_pdf_surface(bytes, k_slide_width_pt, k_slide_height_pt,
                                                  zh ? "posviz 讲解" : "posviz storyline");
    {
        const CairoContext cr(cairo_create(surface.get()));
        for (size_t i = 0; i < presets.size(); ++i) {
            // A page for each figure, the lead figure's with the preset's note.
            std::vector<Figure> figures =
                preset_figures(presets[i], request.preset_paths[i], request.lang);
            const std::string title = preset_title(presets[i], request.lang);
            for (size_t k = 0; k < figures.size(); ++k) {
                StorylinePage page;
                page.title = figures.size() > 1 ? title + " (" + std::to_string(k + 1) + "/" +
                                                      std::to_string(figures.size()) + ")"
                                                : title;
                if (k == 0) page.caption = preset_note(presets[i], request.lang);
                page.place = std::to_string(i + 1) + " / " + std::to_string(presets.size());
                page.figure = std::move(figures[k]);
                draw_storyline_page(cr.get(), page, request.theme, request.lang);
                cairo_show_page(cr.get());
                check_cairo(cairo_status(cr.get()), "draw the storyline PDF");
            }
        }
    }
    cairo_surface_finish(surface.get());
    check_cairo(cairo_surface_status(surface.get()), "write the storyline PDF");
    return bytes;
}

void export_storyline(const StorylineRequest& request, const std::string& path) {
    if (std::filesystem::path(path).extension() != ".pdf")
        throw InputError("-o", path, "a file ending in .pdf (the storyline is a PDF handout)");
    write_file_atomically(path, render_storyline_pdf(request));
}

}  // namespace posviz::gui
