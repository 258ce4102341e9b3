// The absolute PE rows projected on their first principal components: does the table trace a
// low-dimensional curve (GPT-2's learned table is close to a helix)? Left: PC2 against PC1, the
// path of positions; right: the three components against position.
#include "core/analyses/learned_table.h"
#include "core/figures/builders.h"
#include "core/figures/panels.h"

namespace posviz {

Figure pca_figure(const Scene& scene, const FigureOptions& options) {
    const Text t{options.lang};
    // The same PCA as the data export (core/figure_data.cpp), with each component's share of the
    // variance for the axis labels.
    const TablePca pca = table_pca(absolute_pe_table(scene), 3);
    auto column = [&](Eigen::Index k) {
        return std::vector<double>(pca.projection.col(k).begin(), pca.projection.col(k).end());
    };
    auto name = [&](Eigen::Index k) {
        return "PC" + std::to_string(k + 1) + " (" +
               format_number(100.0 * pca.explained_variance_ratio(k), 3) + " %)";
    };
    const std::vector<double> pc1 = column(0), pc2 = column(1), pc3 = column(2);

    Panel path = plot_panel(t("Positions in the PC1–PC2 plane", "各位置在 PC1–PC2 平面上"), name(0),
                            name(1));
    path.lines.push_back(line("", pc1, pc2, 0));
    path.lines.back().marker = MarkerShape::Dot;
    path.lines.back().width = 1.0;
    path.equal_aspect = true;
    // The two ends of the path, named in the legend.
    const size_t last = pc1.size() - 1;
    path.lines.push_back(line(t("pos 0", "位置 0"), {pc1.front()}, {pc2.front()}, 1));
    path.lines.push_back(
        line(t("pos ", "位置 ") + std::to_string(last), {pc1[last]}, {pc2[last]}, 2));
    for (size_t k = 1; k < 3; ++k) {
        path.lines[k].marker = MarkerShape::Dot;
        path.lines[k].width = 3.0;
    }
    path.legend = LegendPosition::Outside;

    Panel components = plot_panel(t("Components against position", "各主成分随位置的变化"),
                                  t("position pos", "位置 pos"), t("projection", "投影"));
    std::vector<double> positions(pc1.size());
    for (size_t m = 0; m < positions.size(); ++m) positions[m] = double(m);
    components.lines = {line(name(0), positions, pc1, 0), line(name(1), positions, pc2, 1),
                        line(name(2), positions, pc3, 2)};
    components.legend = LegendPosition::Outside;

    Figure figure;
    figure.title = name_then(encoding_title(scene.encoding, t),
                             t(" PE: principal components of the rows", " 位置编码：各行的主成分"));
    figure.subtitle =
        join_parts({scene_sizes(scene), t("(%: share of the variance)", "（%：方差占比）")});
    figure.cols = 2;
    figure.panels = {path, components};
    figure.width_in = 11.0;
    figure.height_in = 4.8;
    return figure;
}

}  // namespace posviz
