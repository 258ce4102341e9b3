#include "core/figures/data_columns.h"

#include <algorithm>
#include <stdexcept>

namespace posviz {

std::vector<double> table_column(const DataTable& table, const std::string& name) {
    const auto it = std::find(table.columns.begin(), table.columns.end(), name);
    if (it == table.columns.end()) throw std::logic_error("data table has no column " + name);
    const Eigen::Index c = it - table.columns.begin();
    std::vector<double> values(static_cast<size_t>(table.values.rows()));
    for (Eigen::Index r = 0; r < table.values.rows(); ++r) values[size_t(r)] = table.values(r, c);
    return values;
}

const std::vector<ScalingColumn>& scaling_columns() {
    static const std::vector<ScalingColumn> columns = {
        {"none", "none", "无缩放"},        {"linear", "linear (PI)", "线性插值 (PI)"},
        {"ntk", "NTK-aware", "NTK-aware"}, {"dynamic", "dynamic NTK", "动态 NTK"},
        {"yarn", "YaRN", "YaRN"},          {"llama3", "Llama 3", "Llama 3"}};
    return columns;
}

}  // namespace posviz
