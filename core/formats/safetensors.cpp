#include "core/formats/safetensors.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/formats/input_file.h"
#include "core/formats/json_input.h"
#include "core/input_error.h"
#include "core/limits.h"

namespace posviz {

namespace {

using nlohmann::json;

// safetensors' own reader refuses headers over 100 MB (MAX_HEADER_SIZE in safetensors/src/lib.rs).
constexpr uint64_t kMaxHeaderBytes = 100'000'000;
// Names listed when the requested one is missing; a model file has hundreds.
constexpr int kMaxNamesListed = 40;

// Little-endian unsigned integer of `bytes` bytes at p, independent of the host's byte order.
uint64_t little_endian(const unsigned char* p, int bytes) {
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}

// IEEE 754 binary16: 1 sign, 5 exponent (bias 15), 10 mantissa bits.
double half_to_double(uint16_t h) {
    const int exponent = (h >> 10) & 0x1f;
    const int mantissa = h & 0x3ff;
    double magnitude;
    if (exponent == 0)
        magnitude = std::ldexp(mantissa, -24);  // zero and subnormals: mantissa · 2^-24
    else if (exponent == 31)
        magnitude = mantissa ? std::numeric_limits<double>::quiet_NaN()
                             : std::numeric_limits<double>::infinity();
    else
        magnitude = std::ldexp(mantissa + 1024, exponent - 25);  // 1.m · 2^(e-15)
    return (h & 0x8000) ? -magnitude : magnitude;
}

enum class Dtype { F64, F32, F16, BF16 };

struct DtypeInfo {
    const char* name;
    Dtype dtype;
    int size;  // bytes
};
constexpr DtypeInfo kDtypes[] = {{"F64", Dtype::F64, 8},
                                 {"F32", Dtype::F32, 4},
                                 {"F16", Dtype::F16, 2},
                                 {"BF16", Dtype::BF16, 2}};

// The float or double whose bits are `bits` (what std::bit_cast does; memcpy because emscripten's
// libc++ 13, the browser build's, has no bit_cast).
template <class Float, class Bits>
Float from_bits(Bits bits) {
    static_assert(sizeof(Float) == sizeof(Bits));
    Float value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

// One little-endian element at p as a double.
double decode(Dtype dtype, const unsigned char* p) {
    switch (dtype) {
        case Dtype::F64:
            return from_bits<double>(little_endian(p, 8));
        case Dtype::F32:
            return from_bits<float>(uint32_t(little_endian(p, 4)));
        case Dtype::F16:
            return half_to_double(uint16_t(little_endian(p, 2)));
        case Dtype::BF16:  // bfloat16 is the top half of a float32
            return from_bits<float>(uint32_t(little_endian(p, 2)) << 16);
    }
    return 0.0;
}

// A non-negative JSON integer (shape entry or offset), or an error naming the file and key.
uint64_t unsigned_value(const json& v, const std::string& where, const std::string& what) {
    if (!v.is_number_unsigned())  // nlohmann stores every non-negative integer as unsigned
        throw InputError(what, where + " = " + json_excerpt(v), "a non-negative integer");
    return v.get<uint64_t>();
}

std::string names_in(const json& header) {
    std::string names;
    int listed = 0;
    for (const auto& [key, value] : header.items()) {  // nlohmann objects iterate sorted
        if (key == "__metadata__") continue;
        if (listed == kMaxNamesListed) {
            names += ", ...";
            break;
        }
        names += (listed++ ? ", " : "") + key;
    }
    return names.empty() ? "(the file has no tensors)" : names;
}

// The tensor `name` of a parsed header; everything is checked before its bytes are read.
Matrix read_tensor(std::ifstream& in, uint64_t file_size, uint64_t header_size, const json& header,
                   const std::string& path, const std::string& name, const std::string& what,
                   int64_t max_bytes) {
    auto entry_it = header.find(name);
    if (name == "__metadata__" || entry_it == header.end())
        throw InputError(what, path + " has no tensor \"" + name + "\"",
                         "one of its tensors: " + names_in(header));
    const json& entry = *entry_it;
    const std::string where = path + ": " + name;
    if (!entry.is_object() || !entry.contains("dtype") || !entry.contains("shape") ||
        !entry.contains("data_offsets"))
        throw InputError(what, where + " = " + json_excerpt(entry),
                         "an object with dtype, shape and data_offsets");

    const json& dtype_json = entry["dtype"];
    const DtypeInfo* dtype = nullptr;
    for (const DtypeInfo& d : kDtypes)
        if (dtype_json == d.name) dtype = &d;
    if (!dtype)
        throw InputError(what, where + " dtype " + json_excerpt(dtype_json),
                         "F64, F32, F16 or BF16");
    const uint64_t element_size = uint64_t(dtype->size);

    const json& shape = entry["shape"];
    if (!shape.is_array() || shape.size() != 2)
        throw InputError(what, where + " shape " + json_excerpt(shape),
                         "a 2-D tensor [positions, dims]");
    const uint64_t rows = unsigned_value(shape[0], where + " shape[0]", what);
    const uint64_t cols = unsigned_value(shape[1], where + " shape[1]", what);
    const uint64_t max_side = uint64_t(std::numeric_limits<int>::max());
    if (rows > max_side || cols > max_side || (cols > 0 && rows > file_size / cols))
        throw InputError(what, where + " shape " + json_excerpt(shape),
                         "a shape whose data fits in the file");
    if (rows * cols > limits::kMaxTableElements)
        throw InputError(
            what, where + " shape " + json_excerpt(shape),
            "a table of at most " + std::to_string(limits::kMaxTableElements) + " elements");

    const json& offsets = entry["data_offsets"];
    if (!offsets.is_array() || offsets.size() != 2)
        throw InputError(what, where + " data_offsets " + json_excerpt(offsets), "[begin, end]");
    const uint64_t begin = unsigned_value(offsets[0], where + " data_offsets[0]", what);
    const uint64_t end = unsigned_value(offsets[1], where + " data_offsets[1]", what);
    const uint64_t data_size = file_size - 8 - header_size;
    if (begin > end || end > data_size)
        throw InputError(what, where + " data_offsets " + json_excerpt(offsets),
                         "begin <= end <= " + std::to_string(data_size) +
                             " (the data buffer's size; the file may be truncated)");
    // rows·cols <= file_size (checked above), so this product cannot overflow.
    const uint64_t expected_bytes = rows * cols * element_size;
    if (end - begin != expected_bytes)
        throw InputError(what, where + " data_offsets " + json_excerpt(offsets),
                         "end - begin = " + std::to_string(expected_bytes) + " bytes for shape " +
                             json_excerpt(shape) + " of " + dtype->name);

    limits::check_table_budget(rows * cols, max_bytes, what,
                               where + " shape " + json_excerpt(shape));

    // Read a piece at a time: the raw bytes of a whole table would be a second copy of it.
    constexpr uint64_t kPiece = 1 << 17;  // elements
    std::vector<unsigned char> bytes(std::min(rows * cols, kPiece) * element_size);
    in.seekg(std::streamoff(8 + header_size + begin));
    Matrix out(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
    for (uint64_t k = 0; k < rows * cols; ++k) {  // row-major on both sides
        const uint64_t in_piece = k % kPiece;
        if (in_piece == 0 &&
            !in.read(reinterpret_cast<char*>(bytes.data()),
                     std::streamsize(std::min(kPiece, rows * cols - k) * element_size)))
            throw InputError(what, where, "tensor data that can be read");
        out.data()[k] = decode(dtype->dtype, bytes.data() + in_piece * element_size);
        // The same rule as .npy tables: a NaN or infinity would poison every logit it touches.
        if (!std::isfinite(out.data()[k]))
            throw InputError(what,
                             where + " with a non-finite value at [" + std::to_string(k / cols) +
                                 ", " + std::to_string(k % cols) + "]",
                             "finite numbers");
    }
    return out;
}

}  // namespace

namespace {

// An open file and its parsed header, everything checked against the file's size.
struct Header {
    InputFile file;
    uint64_t header_size = 0;
    nlohmann::json json;
};

Header read_header(const std::string& path, const std::string& what) {
    Header h{open_input_file(path, what, "a readable .safetensors file"), 0, {}};
    std::ifstream& in = h.file.stream;
    const uint64_t file_size = h.file.size;
    unsigned char length_bytes[8];
    if (file_size < 8 || !in.read(reinterpret_cast<char*>(length_bytes), 8))
        throw InputError(what, path + " (" + std::to_string(file_size) + " bytes)",
                         "a .safetensors file (8-byte header length, JSON header, data)");
    h.header_size = little_endian(length_bytes, 8);
    if (h.header_size > file_size - 8 || h.header_size > kMaxHeaderBytes)
        throw InputError(what, path + " with header length " + std::to_string(h.header_size),
                         "a header length within the file (" + std::to_string(file_size - 8) +
                             " bytes after the length) and at most 100 MB");
    std::string header_text(h.header_size, '\0');
    if (!in.read(header_text.data(), std::streamsize(h.header_size)))
        throw InputError(what, path, "a readable .safetensors header");
    h.json = parse_json(header_text, what, path + " (header)", "a JSON header");
    if (!h.json.is_object()) throw InputError(what, path, "a JSON object as the header");
    return h;
}

}  // namespace

Matrix read_safetensors_matrix(const std::string& path, const std::string& name,
                               const std::string& what, int64_t max_bytes) {
    Header h = read_header(path, what);
    return with_json_errors(what, path, "a .safetensors header", [&] {
        return read_tensor(h.file.stream, h.file.size, h.header_size, h.json, path, name, what,
                           max_bytes);
    });
}

std::vector<SafetensorsEntry> read_safetensors_entries(const std::string& path,
                                                       const std::string& what) {
    const Header h = read_header(path, what);
    std::vector<SafetensorsEntry> entries;
    for (const auto& [key, entry] : h.json.items()) {
        if (key == "__metadata__") continue;
        const std::string where = path + ": " + key;
        if (!entry.is_object() || !entry.contains("dtype") || !entry["dtype"].is_string() ||
            !entry.contains("shape") || !entry["shape"].is_array())
            throw InputError(what, where + " = " + json_excerpt(entry),
                             "an object with a dtype string and a shape list");
        SafetensorsEntry e{key, entry["dtype"].get<std::string>(), {}};
        for (const json& side : entry["shape"])
            e.shape.push_back(unsigned_value(side, where + " shape", what));
        entries.push_back(std::move(e));
    }
    return entries;
}

std::vector<std::pair<std::string, std::string>> read_safetensors_index(const std::string& path,
                                                                        const std::string& what) {
    // An index lists a few thousand tensors: tens of kB to a few MB.
    constexpr uint64_t kMaxIndexBytes = 64 << 20;
    const json index =
        parse_json(read_input_file(path, what, "a model.safetensors.index.json", kMaxIndexBytes),
                   what, path, "a model.safetensors.index.json");
    const char* expected = "an index {\"weight_map\": {\"<tensor>\": \"<shard>.safetensors\"}}";
    if (!index.is_object() || !index.contains("weight_map") || !index["weight_map"].is_object())
        throw InputError(what, path, expected);
    std::vector<std::pair<std::string, std::string>> map;
    for (const auto& [tensor, shard] : index["weight_map"].items()) {
        if (!shard.is_string())
            throw InputError(what,
                             path + ": weight_map[\"" + tensor + "\"] = " + json_excerpt(shard),
                             "a shard file name");
        map.emplace_back(tensor, shard.get<std::string>());
    }
    return map;
}

}  // namespace posviz
