#include "core/formats/hf_config/model_folder.h"

#include <filesystem>
#include <fstream>
#include <limits>

#include "core/formats/safetensors.h"
#include "core/input_error.h"

namespace posviz {

namespace {

namespace fs = std::filesystem;

const char* const kWhat = "--model";
const char* const kFolder =
    "a Hugging Face model folder: config.json with model.safetensors or "
    "model.safetensors.index.json, or a cache folder models--org--name with refs/main and "
    "snapshots/<hash>/";

bool is_file(const fs::path& p) {
    std::error_code error;
    return fs::is_regular_file(p, error);
}

bool is_dir(const fs::path& p) {
    std::error_code error;
    return fs::is_directory(p, error);
}

// huggingface_hub's cache: refs/main holds the commit hash of the snapshot to use.
fs::path snapshot_of(const fs::path& cache) {
    const fs::path snapshots = cache / "snapshots";
    if (is_file(cache / "refs" / "main")) {
        std::ifstream in(cache / "refs" / "main");
        std::string hash;
        in >> hash;
        if (hash.empty() || hash.find_first_of("/\\.") != std::string::npos ||
            !is_dir(snapshots / hash))
            throw InputError(kWhat,
                             (cache / "refs" / "main").string() + " naming \"" + hash +
                                 "\", which is not a folder in " + snapshots.string(),
                             kFolder);
        return snapshots / hash;
    }
    std::vector<fs::path> found;
    std::error_code error;
    for (const fs::directory_entry& e : fs::directory_iterator(snapshots, error))
        if (is_dir(e.path())) found.push_back(e.path());
    if (found.size() != 1)
        throw InputError(kWhat,
                         snapshots.string() + " with " + std::to_string(found.size()) +
                             " snapshots and no refs/main",
                         "exactly one snapshot, or refs/main naming one");
    return found.front();
}

bool names_tensor(const std::string& name, const std::string& suffix) {
    return name == suffix || (name.size() > suffix.size() && name.ends_with(suffix) &&
                              name[name.size() - suffix.size() - 1] == '.');
}

std::string wanted(const ModelPositions& m) {
    std::string text;
    for (const std::string& t : m.table_tensors) text += (text.empty() ? "" : " or ") + t;
    return text;
}

}  // namespace

ModelFolder open_model_folder(const std::string& dir) {
    fs::path path(dir);
    if (!is_dir(path)) {
        std::error_code error;
        const bool exists = fs::exists(path, error);
        throw InputError(kWhat, dir + " (not a folder)", kFolder)
            .with_cause(exists || error ? InputErrorCause::Value : InputErrorCause::NoSuchFile);
    }
    if (!is_file(path / "config.json") && is_dir(path / "snapshots")) path = snapshot_of(path);
    if (!is_file(path / "config.json"))
        throw InputError(kWhat, path.string() + " (it has no config.json)", kFolder);
    return {path.string(), (path / "config.json").string()};
}

PositionTableFile find_position_table(const ModelFolder& folder, const ModelPositions& m) {
    const fs::path dir(folder.dir);
    PositionTableFile table;
    auto matches = [&](const std::string& name) {
        for (const std::string& t : m.table_tensors)
            if (names_tensor(name, t)) return true;
        return false;
    };
    const fs::path single = dir / "model.safetensors";
    const fs::path index = dir / "model.safetensors.index.json";
    if (is_file(single)) {
        table.path = single.string();
    } else if (is_file(index)) {
        for (const auto& [tensor, shard] : read_safetensors_index(index.string(), kWhat)) {
            if (!matches(tensor)) continue;
            // A shard is a file beside the index, never a path elsewhere.
            if (shard.empty() || shard.find_first_of("/\\") != std::string::npos || shard == ".." ||
                !is_file(dir / shard))
                throw InputError(kWhat,
                                 index.string() + ": weight_map[\"" + tensor + "\"] = \"" + shard +
                                     "\", which is not a file in " + dir.string(),
                                 "an index whose shards are files beside it");
            table.path = (dir / shard).string();
            break;
        }
        if (table.path.empty())
            throw InputError(kWhat, index.string() + " lists no tensor named " + wanted(m),
                             "the " + m.text_model_type + " position table " + wanted(m));
    } else {
        throw InputError(kWhat,
                         dir.string() + " (no model.safetensors or model.safetensors.index.json)",
                         "the weights of a learned-position model as .safetensors (posviz reads "
                         "no other weight format)");
    }

    for (const SafetensorsEntry& e : read_safetensors_entries(table.path, kWhat)) {
        if (!matches(e.name)) continue;
        std::string shape = "[";
        for (size_t k = 0; k < e.shape.size(); ++k) {
            if (k) shape += ", ";
            shape += std::to_string(e.shape[k]);
        }
        shape += ']';
        const uint64_t int_max = uint64_t(std::numeric_limits<int>::max());
        const bool two_d = e.shape.size() == 2 && e.shape[0] <= int_max && e.shape[1] <= int_max;
        const bool rows_ok = two_d && (m.table_rows == 0 || e.shape[0] == uint64_t(m.table_rows));
        const bool cols_ok = two_d && (m.table_dim == 0 || e.shape[1] == uint64_t(m.table_dim));
        if (!rows_ok || !cols_ok || e.shape[0] <= uint64_t(m.table_offset))
            throw InputError(kWhat, table.path + ": " + e.name + " of shape " + shape,
                             "a position table of shape [" + std::to_string(m.table_rows) + ", " +
                                 std::to_string(m.table_dim) + "] (the config's positions" +
                                 (m.table_offset ? " + " + std::to_string(m.table_offset) : "") +
                                 " × width)");
        table.tensor = e.name;
        table.rows = int(e.shape[0]);
        table.cols = int(e.shape[1]);
        return table;
    }
    throw InputError(kWhat, table.path + " has no tensor named " + wanted(m),
                     "the " + m.text_model_type + " position table " + wanted(m));
}

}  // namespace posviz
