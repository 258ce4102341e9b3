#include "app/storyline/view_figures.h"

#include <algorithm>
#include <cmath>
#include <new>

#include "app/storyline/length_limits.h"
#include "app/storyline/preset.h"
#include "core/figures/colour_scale.h"
#include "core/input_error.h"

namespace posviz::storyline {

namespace {

bool is_one_of(const std::string& encoding, const std::vector<std::string>& names) {
    return std::find(names.begin(), names.end(), encoding) != names.end();
}

ViewRequest request(const Scene& scene, const char* figure, const std::string& lang,
                    const std::vector<std::string>& compare = {}) {
    ViewRequest r;
    r.scene = scene;
    r.scene.figure = figure;
    // A longer L than the figure draws is drawn at its longest; the view says so
    // (capped_length_note).
    r.scene.seq_len = std::min(scene.seq_len, figure_max_seq_len(figure));
    r.scene.compare = compare;  // the views keep their own lists; the scene's is not used
    r.options.lang = lang;
    r.options.single_precision = true;  // what the GUI draws needs no more (FigureOptions)
    return r;
}

}  // namespace

std::vector<std::string> view_encodings(ViewId view) {
    switch (view) {
        case ViewId::Wavelengths:
            return {"sinusoidal", "learned", "rope", "xpos"};
        case ViewId::Matrices:
            return {"sinusoidal", "learned"};
        case ViewId::Bias:
            return {"alibi", "kerple", "fire", "t5"};
        case ViewId::Rotation:
            return {"rope", "xpos"};
        case ViewId::Decay:
            return {"rope", "xpos", "sinusoidal"};
        case ViewId::Terms:
            return {"sinusoidal", "learned", "xl"};
        case ViewId::Attention:
        case ViewId::Permutation:
        case ViewId::Figure:
            break;
    }
    return {};
}

int rotation_frames(const Scene& scene) {
    return std::clamp(scene.seq_len, 2, k_max_rotation_frames);
}

double playable_speed(double speed) {
    return std::isfinite(speed) ? std::clamp(speed, k_min_speed, k_max_speed)
                                : ViewSettings{}.speed;
}

void step_rotation(ViewSettings& v, int steps, int frames) {
    const auto wrap = [frames](int p) { return ((p % frames) + frames) % frames; };
    if (!v.together) {
        v.position = wrap(v.position + steps);
        return;
    }
    // m − n stays d: m runs over the positions where both fit, from max(d, 0) to
    // frames − 1 + min(d, 0), and starts again there.
    const int d = std::clamp(v.position - v.key_position, -(frames - 1), frames - 1);
    const int first = std::max(d, 0), count = frames - std::abs(d);
    v.position = first + (((v.position - first + steps) % count) + count) % count;
    v.key_position = v.position - d;
}

int rotation_steps(double& clock, double seconds, double speed) {
    constexpr int k_most_steps = 4;
    if (seconds > 0.0) clock += std::min(seconds, 1.0) * playable_speed(speed);  // not NaN
    const double whole = std::floor(clock);
    clock -= whole;
    return int(std::min(whole, double(k_most_steps)));
}

std::vector<ViewFigure> view_figures(ViewId view, const Scene& scene, const ViewSettings& v,
                                     const std::string& lang) {
    const std::string& e = scene.encoding;
    const std::vector<std::string> drawn = view_encodings(view);
    // Waves, decay and bias also draw a --compare list of their own, whatever the scene's
    // encoding.
    const bool compared = !v.compare.empty() && (view == ViewId::Wavelengths ||
                                                 view == ViewId::Decay || view == ViewId::Bias);
    if (!drawn.empty() && !is_one_of(e, drawn) && !compared) return {};
    switch (view) {
        case ViewId::Wavelengths: {
            std::vector<ViewFigure> figures;
            if (is_one_of(e, {"sinusoidal", "learned"}))
                figures.push_back({0, request(scene, "curves", lang)});
            if (is_one_of(e, {"sinusoidal", "rope", "xpos"}) || compared)
                figures.push_back({1, request(scene, "wavelengths", lang, v.compare)});
            return figures;
        }
        case ViewId::Matrices:
            return {{0, request(scene, "pe", lang)}, {1, request(scene, "similarity", lang)}};
        case ViewId::Attention: {
            ViewRequest r = request(scene, "scores", lang, v.compare);
            r.options.scale = v.scale;
            r.options.difference = v.difference && v.compare.size() == 2;
            std::vector<ViewFigure> figures = {{0, r}};
            if (!v.beside_content.empty() && v.beside_content != scene.content &&
                scene.content != "sentence") {
                r.scene.content = v.beside_content;
                figures.push_back({1, std::move(r)});
            }
            return figures;
        }
        case ViewId::Bias: {
            // Compared biases are one figure: their matrices and their curves overlaid.
            ViewRequest r = request(scene, "bias", lang, v.compare);
            r.options.scale = v.scale;
            r.options.all_heads = v.all_heads && e == "alibi" && v.compare.empty();
            if (e == "t5" && v.compare.empty())
                return {{0, r}, {1, request(scene, "buckets", lang)}};
            return {{0, r}};
        }
        case ViewId::Rotation: {
            ViewRequest r = request(scene, "rotation", lang);
            r.rotation_frames = rotation_frames(scene);
            r.rotation_frame = std::clamp(v.position, 0, r.rotation_frames - 1);
            r.rotation_key = std::clamp(v.key_position, 0, r.rotation_frames - 1);
            return {{0, r}};
        }
        case ViewId::Decay: {
            ViewRequest r = request(scene, "decay", lang, v.compare);
            r.options.log_x = v.log_x;
            return {{0, r}};
        }
        case ViewId::Permutation:
            return {{0, request(scene, "permutation", lang)}};
        case ViewId::Terms:
            return {{0, request(scene, "terms", lang)}};
        case ViewId::Figure:
            return {{0, request(scene, v.figure.c_str(), lang)}};
    }
    return {};
}

std::vector<Figure> preset_figures(const Preset& preset, const std::string& path,
                                   const std::string& lang) {
    std::vector<Figure> figures;
    for (const ViewInfo& info : view_infos()) {
        const ViewSettings& settings = settings_of(preset.views, info.id);
        if (!settings.open) continue;
        for (const ViewFigure& view_figure : view_figures(info.id, preset.scene, settings, lang)) {
            const std::string allowed =
                "a preset whose figures can be drawn (view " + std::string(info.key) + ")";
            try {
                figures.push_back(build_view_figure(view_figure.request));
            } catch (const InputError& e) {
                throw InputError(path, e.what(), allowed);
            } catch (const std::bad_alloc&) {
                throw InputError(path, "not enough memory for its figures", allowed);
            }
        }
    }
    return figures;
}

}  // namespace posviz::storyline
