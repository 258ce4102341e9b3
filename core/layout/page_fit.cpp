#include "core/layout/page_fit.h"

#include <algorithm>
#include <cmath>

#include "core/figure/figure.h"
#include "core/figure/ticks.h"
#include "core/input_error.h"
#include "core/layout/figure_layout.h"
#include "core/layout/layout_shortfalls.h"

namespace posviz {

namespace {

constexpr double k_points_per_inch = 72.0;
// Where no height fits, the heights tried are this many steps apart (each is a whole layout).
constexpr int k_coarse_steps = 3;

}  // namespace

double smallest_plot_box(const LaidOutFigure& laid_out) {
    double smallest = INFINITY;
    for (const PanelPlacement& panel : laid_out.panels)
        smallest = std::min({smallest, panel.box.w, panel.box.h});
    return smallest;
}

double fitted_page_height(const Figure& figure, const Canvas& canvas, const TextMeasure& measure,
                          double most) {
    const double floor = k_smallest_paper_box_in * k_points_per_inch;
    const double step = k_page_step_in * k_points_per_inch;
    // What a page `steps` taller falls short of.
    auto shortfalls = [&](int steps) {
        Canvas taller = canvas;
        taller.height = canvas.height + steps * step;
        return layout_shortfalls(figure, lay_out_figure(figure, taller, measure), floor).size();
    };
    if (most <= canvas.height) return canvas.height;
    const size_t at_first = shortfalls(0);
    if (at_first == 0) return canvas.height;
    const int last = int(std::floor((most - canvas.height) / step + 1e-9));
    if (last <= 0) return canvas.height;
    if (shortfalls(last) > 0) {
        // No height clears them all (and the grid that suits one height need not suit a taller
        // one): the shortest height, every k_coarse_steps, with the fewest.
        int best = 0;
        size_t fewest = at_first;
        for (int steps = k_coarse_steps; steps <= last && fewest > 0; steps += k_coarse_steps)
            if (const size_t n = shortfalls(steps); n < fewest) best = steps, fewest = n;
        return canvas.height + best * step;
    }
    // A taller page leaves the panels more room: the fewest steps without shortfalls, by
    // bisection.
    int lo = 0, hi = last;  // lo falls short, hi does not
    while (hi - lo > 1) {
        const int mid = (lo + hi) / 2;
        (shortfalls(mid) == 0 ? hi : lo) = mid;
    }
    return canvas.height + hi * step;
}

void check_room_for_panels(const LaidOutFigure& laid_out, const Canvas& canvas) {
    if (smallest_plot_box(laid_out) >= laid_out.label_size) return;
    throw InputError("--width/--height (or --size)",
                     format_number(canvas.width / k_points_per_inch) + " × " +
                         format_number(canvas.height / k_points_per_inch) + " in",
                     "a canvas on which the figure's plot boxes are at least one em of its " +
                         format_number(laid_out.label_size) +
                         " pt axis labels: a larger --width or --height, or a larger --size");
}

void check_cell_values_drawn(const LaidOutFigure& laid_out, const Canvas& canvas) {
    if (!canvas.annotate) return;
    for (const TextBlock& block : laid_out.display.blocks)
        if (block.role == TextRole::CellValue) return;
    throw InputError("--annotate",
                     "on a " + format_number(canvas.width / k_points_per_inch) + " × " +
                         format_number(canvas.height / k_points_per_inch) + " in canvas",
                     "a figure with a matrix of at most 16 × 16 cells, each large enough for its "
                     "value in 6 pt type: a larger --size (slide, poster) or --width/--height, "
                     "or no --annotate");
}

}  // namespace posviz
