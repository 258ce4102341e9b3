#include "app/handout/handout_pdf.h"

#include <filesystem>

#include "app/handout/handout_page.h"
#include "app/render/export.h"
#include "app/storyline/preset.h"
#include "app/storyline/view_figures.h"
#include "core/cancellation.h"
#include "core/figure/theme.h"
#include "core/formats/atomic_file.h"
#include "core/input_error.h"

namespace posviz::handout {

std::string render_handout_pdf(const HandoutRequest& request) {
    if (request.lang != "en" && request.lang != "zh")
        throw InputError("--lang", request.lang, "en or zh");
    find_theme(request.theme);
    // Every preset is read before anything is drawn: a broken one fails at once.
    std::vector<storyline::Preset> presets;
    for (const std::string& path : request.preset_paths)
        presets.push_back(storyline::read_preset(path));

    const bool zh = request.lang == "zh";
    std::string bytes;
    const CairoSurface surface = make_pdf_surface(bytes, k_slide_width_pt, k_slide_height_pt,
                                                  zh ? "posviz 讲解" : "posviz storyline");
    {
        const CairoContext cr(cairo_create(surface.get()));
        for (size_t i = 0; i < presets.size(); ++i) {
            // A page for each figure, the lead figure's with the preset's note.
            std::vector<Figure> figures =
                storyline::preset_figures(presets[i], request.preset_paths[i], request.lang);
            const std::string title = storyline::preset_title(presets[i], request.lang);
            for (size_t k = 0; k < figures.size(); ++k) {
                HandoutPage page;
                page.title = figures.size() > 1 ? title + " (" + std::to_string(k + 1) + "/" +
                                                      std::to_string(figures.size()) + ")"
                                                : title;
                if (k == 0) page.caption = storyline::preset_note(presets[i], request.lang);
                page.place = std::to_string(i + 1) + " / " + std::to_string(presets.size());
                page.figure = std::move(figures[k]);
                draw_handout_page(cr.get(), page, request.theme, request.lang);
                cairo_show_page(cr.get());
                check_cairo(cairo_status(cr.get()), "draw the storyline PDF");
            }
        }
    }
    cairo_surface_finish(surface.get());
    check_cairo(cairo_surface_status(surface.get()), "write the storyline PDF");
    return bytes;
}

void export_handout(const HandoutRequest& request, const std::string& path) {
    if (std::filesystem::path(path).extension() != ".pdf")
        throw InputError("-o", path, "a file ending in .pdf (the storyline is a PDF handout)");
    write_file_atomically(path, render_handout_pdf(request));
}

}  // namespace posviz::handout
