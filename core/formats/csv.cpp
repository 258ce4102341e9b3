#include "core/formats/csv.h"

#include <cmath>

#include "core/formats/shortest_decimal.h"

namespace posviz {

namespace {

void append_number(std::string& out, double v) {
    if (std::isinf(v)) {
        out += v < 0 ? "-inf" : "inf";
        return;
    }
    if (std::isnan(v)) {
        out += "nan";
        return;
    }
    if (v == 0.0) {  // −0.0 too: a sign on zero is noise to every reader of the file
        out += '0';
        return;
    }
    out += shortest_decimal(v);
}

}  // namespace

std::string encode_csv(const DataTable& table) {
    std::string out;
    const bool keyed = !table.row_label.empty() && table.shape.size() == 2;
    if (keyed) out += table.row_label + ",";
    for (size_t c = 0; c < table.columns.size(); ++c) out += (c ? "," : "") + table.columns[c];
    if (table.shape.size() == 3) out += ",value";
    out += '\n';
    if (table.shape.size() == 2) {
        const int64_t rows = table.shape[0], cols = table.shape[1];
        for (int64_t r = 0; r < rows; ++r) {
            if (keyed) out += std::to_string(table.row_keys[size_t(r)]) + ",";
            for (int64_t c = 0; c < cols; ++c) {
                if (c) out += ',';
                append_number(out, table.values(r, c));
            }
            out += '\n';
        }
        return out;
    }
    const int64_t a = table.shape[0], b = table.shape[1], c = table.shape[2];
    for (int64_t i = 0; i < a; ++i)
        for (int64_t j = 0; j < b; ++j)
            for (int64_t k = 0; k < c; ++k) {
                out += std::to_string(i) + ',' + std::to_string(j) + ',' + std::to_string(k) + ',';
                append_number(out, table.values(i * b + j, k));
                out += '\n';
            }
    return out;
}

}  // namespace posviz
