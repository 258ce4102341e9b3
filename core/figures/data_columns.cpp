#include "core/figures/data_columns.h"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace posviz {

namespace {

constexpr const char* k_model_suffix = "_model";

struct ScalingName {
    const char* column;
    const char* label;     // English
    const char* label_zh;  // Simplified Chinese
};
constexpr std::array<ScalingName, 7> k_scaling_names = {{{"none", "none", "无缩放"},
                                                         {"linear", "linear (PI)", "线性插值 (PI)"},
                                                         {"ntk", "NTK-aware", "NTK-aware"},
                                                         {"dynamic", "dynamic NTK", "动态 NTK"},
                                                         {"yarn", "YaRN", "YaRN"},
                                                         {"llama3", "Llama 3", "Llama 3"},
                                                         {"longrope", "LongRoPE", "LongRoPE"}}};

}  // namespace

std::vector<double> table_column(const DataTable& table, const std::string& name) {
    const auto it = std::find(table.columns.begin(), table.columns.end(), name);
    if (it == table.columns.end()) throw std::logic_error("data table has no column " + name);
    const Eigen::Index c = it - table.columns.begin();
    std::vector<double> values(static_cast<size_t>(table.values.rows()));
    for (Eigen::Index r = 0; r < table.values.rows(); ++r) values[size_t(r)] = table.values(r, c);
    return values;
}

bool is_model_scaling(const std::string& column) {
    return column.ends_with(k_model_suffix);
}

std::string scaling_label(const std::string& column, const Text& t) {
    const bool model = is_model_scaling(column);
    const std::string type =
        model ? column.substr(0, column.size() - std::string(k_model_suffix).size()) : column;
    for (const ScalingName& n : k_scaling_names)
        if (type == n.column)
            return t(n.label, n.label_zh) + (model ? t(" (model)", "（模型）") : "");
    throw std::logic_error("no legend label for the scaling column " + column);
}

LineSeries scaling_line(const std::string& column, const Text& t, std::vector<double> x,
                        std::vector<double> y, int palette_index) {
    LineSeries s;
    s.label = scaling_label(column, t);
    s.x = std::move(x);
    s.y = std::move(y);
    const bool model = is_model_scaling(column);
    set_series_style(s, palette_index);
    if (model) s.colour = Colour::foreground();
    s.width = model ? 2.4 : 1.4;
    return s;
}

Panel pair_scalings_panel(const DataTable& table, const std::string& y_label, const Text& t) {
    Panel panel;
    panel.x.label = t("pair index i", "维度对序号 i");
    panel.y.label = y_label;
    panel.y.scale = AxisScale::Log;
    panel.legend = LegendPosition::Outside;
    const std::vector<double> i = table_column(table, "i");
    for (size_t c = 1; c < table.columns.size(); ++c) {
        const std::string& column = table.columns[c];
        panel.lines.push_back(scaling_line(column, t, i, table_column(table, column), int(c - 1)));
    }
    return panel;
}

Figure wide_plot_figure(Panel panel, std::string title, std::string subtitle) {
    Figure figure;
    figure.title = std::move(title);
    figure.subtitle = std::move(subtitle);
    figure.panels = {std::move(panel)};
    figure.width_in = 9.0;
    figure.height_in = 4.6;
    return figure;
}

}  // namespace posviz
