// How tall a page of a named paper size is for a figure (issue 22, defect 3 and "What to build"
// 2). A paper column or the text width fixes a figure's width, not its height: where the
// designed height makes the figure fall short (core/layout/layout_shortfalls.h: maps that are
// specks, titles cut with "…", axes down to two labels, legends dropped), the page grows taller,
// up to a page's text block, and the layout picks its grid anew for the room (fewer columns,
// figure_grid.h), instead of shrinking maps to a third of an inch. And a canvas that leaves the
// plot boxes no room even at the smallest type is refused naming the options, never drawn as an
// empty picture.
#pragma once

#include "core/layout/canvas.h"
#include "core/layout/text_measure.h"

namespace posviz {

struct Figure;         // core/figure/figure.h
struct LaidOutFigure;  // core/layout/figure_layout.h

// Decision: the shortest side of a plot box on paper that shows its data with three labelled
// ticks beside it: 0.6 in (issue 22's floor for a map at column size).
constexpr double k_smallest_paper_box_in = 0.6;
// Decision: a figure on a named paper size may grow as tall as a page's text block, 9 in (US
// Letter's 11 in less 1-in margins; A4's less 2.5-cm margins is 9.7 in): a column's 2.4 in up to a
// whole column, the text width's 3.6 in up to a whole page. It grows in steps of k_page_step_in.
constexpr double k_tallest_paper_page_in = 9.0;
constexpr double k_page_step_in = 0.1;

// The shorter side of the figure's smallest plot box, in points (infinite without panels).
double smallest_plot_box(const LaidOutFigure& laid_out);

// The height, in points, of a page canvas.width wide for `figure`: canvas.height where the figure
// laid out there has no shortfalls (plot boxes at least k_smallest_paper_box_in), else the
// shortest height up to `most` points, in steps of k_page_step_in, where it has none (by
// bisection: more room does not add shortfalls), else the shortest height up to `most`, tried
// every few steps, with the fewest. most ≤ canvas.height: canvas.height.
double fitted_page_height(const Figure& figure, const Canvas& canvas, const TextMeasure& measure,
                          double most);

// Throws InputError naming --width/--height and --size where the figure laid out on `canvas`
// has a plot box under one em of its axis labels' type (the panels have no room even with the
// type at its smallest and the axis labels left out): a larger canvas is what is allowed.
void check_room_for_panels(const LaidOutFigure& laid_out, const Canvas& canvas);

// Throws InputError("--annotate") where canvas.annotate asks for the values in the cells and the
// figure laid out on `canvas` writes none: it has no matrix of at most 16 × 16 cells, or its
// cells are too small for values in 6 pt type (an 8 × 8 map in a paper column). Said, not
// silently left out; a slide or a poster has room for them.
void check_cell_values_drawn(const LaidOutFigure& laid_out, const Canvas& canvas);

}  // namespace posviz
