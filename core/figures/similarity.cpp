// PE(i)·PE(j): how alike two positions' encodings are. Beside the matrix, two of its rows as
// curves: the dot product depends (almost) only on the distance |i − j| and falls off with it.
#include <algorithm>

#include "core/analyses/pe_analysis.h"
#include "core/figures/builders.h"
#include "core/figures/panels.h"

namespace posviz {

Figure similarity_figure(const Scene& scene, const FigureOptions& options) {
    check_square_picture_size(scene);
    const Text t{options.lang};
    const Matrix similarity = pe_similarity(absolute_pe_drawn(scene));
    Panel matrix =
        matrix_panel(similarity, "viridis", ColourLimits::Data, t("position j", "位置 j"),
                     t("position i", "位置 i"), "PE(i)·PE(j)");
    matrix.title = t("PE(i)·PE(j)", "PE(i)·PE(j)");
    mark_missing_rows(matrix, missing_rows_from(scene), scene.seq_len, t);

    Panel rows = plot_panel(t("Rows of the matrix", "矩阵中的两行"), t("position j", "位置 j"),
                            "PE(i)·PE(j)");
    rows.legend = LegendPosition::UpperRight;
    const int n = int(similarity.rows());
    std::vector<double> j(static_cast<size_t>(n));
    for (int c = 0; c < n; ++c) j[size_t(c)] = c;
    // The second row from the middle of the rows that have an encoding: past a learned table's
    // max_len a row is all missing, and its legend entry would name a line that is not drawn.
    const int max_len = missing_rows_from(scene);
    const int encoded = max_len > 0 ? std::min(n, max_len) : n;
    int colour = 0;
    for (int i : {0, encoded / 2}) {
        std::vector<double> values(j.size());
        for (int c = 0; c < n; ++c) values[size_t(c)] = similarity(i, c);
        rows.lines.push_back(line("i = " + std::to_string(i), j, values, colour++));
        if (n == 1) break;
    }

    mark_missing_rows(rows, missing_rows_from(scene), scene.seq_len, t);

    Figure figure;
    figure.title =
        encoding_title(scene.encoding, t) + t(": similarity of positions", "：位置之间的相似度");
    figure.subtitle = scene_sizes(scene);
    figure.cols = 2;
    figure.panels = {matrix, rows};
    figure.width_in = 11.0;
    figure.height_in = 4.8;
    return figure;
}

}  // namespace posviz
