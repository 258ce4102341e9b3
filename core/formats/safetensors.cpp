#include "core/formats/safetensors.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/input_error.h"

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

// One little-endian element at p as a double.
double decode(Dtype dtype, const unsigned char* p) {
    switch (dtype) {
        case Dtype::F64:
            return std::bit_cast<double>(little_endian(p, 8));
        case Dtype::F32:
            return std::bit_cast<float>(uint32_t(little_endian(p, 4)));
        case Dtype::F16:
            return half_to_double(uint16_t(little_endian(p, 2)));
        case Dtype::BF16:  // bfloat16 is the top half of a float32
            return std::bit_cast<float>(uint32_t(little_endian(p, 2)) << 16);
    }
    return 0.0;
}

// A non-negative JSON integer (shape entry or offset), or an error naming the file and key.
uint64_t unsigned_value(const json& v, const std::string& where, const std::string& what) {
    if (!v.is_number_unsigned())  // nlohmann stores every non-negative integer as unsigned
        throw InputError(what, where + " = " + v.dump(), "a non-negative integer");
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

}  // namespace

Matrix read_safetensors_matrix(const std::string& path, const std::string& name,
                               const std::string& what) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(what, path, "a readable .safetensors file");
    in.seekg(0, std::ios::end);
    const uint64_t file_size = uint64_t(in.tellg());
    in.seekg(0);

    unsigned char length_bytes[8];
    if (file_size < 8 || !in.read(reinterpret_cast<char*>(length_bytes), 8))
        throw InputError(what, path + " (" + std::to_string(file_size) + " bytes)",
                         "a .safetensors file (8-byte header length, JSON header, data)");
    const uint64_t header_size = little_endian(length_bytes, 8);
    if (header_size > file_size - 8 || header_size > kMaxHeaderBytes)
        throw InputError(what, path + " with header length " + std::to_string(header_size),
                         "a header length within the file (" + std::to_string(file_size - 8) +
                             " bytes after the length) and at most 100 MB");
    std::string header_text(header_size, '\0');
    if (!in.read(header_text.data(), std::streamsize(header_size)))
        throw InputError(what, path, "a readable .safetensors header");

    json header;
    try {
        header = json::parse(header_text);
    } catch (const json::parse_error& e) {
        throw InputError(what, path + " (header: " + e.what() + ")", "a JSON header");
    }
    if (!header.is_object()) throw InputError(what, path, "a JSON object as the header");

    auto entry_it = header.find(name);
    if (name == "__metadata__" || entry_it == header.end())
        throw InputError(what, path + " has no tensor \"" + name + "\"",
                         "one of its tensors: " + names_in(header));
    const json& entry = *entry_it;
    const std::string where = path + ": " + name;
    if (!entry.is_object() || !entry.contains("dtype") || !entry.contains("shape") ||
        !entry.contains("data_offsets"))
        throw InputError(what, where + " = " + entry.dump(),
                         "an object with dtype, shape and data_offsets");

    const json& dtype_json = entry["dtype"];
    const DtypeInfo* dtype = nullptr;
    for (const DtypeInfo& d : kDtypes)
        if (dtype_json == d.name) dtype = &d;
    if (!dtype)
        throw InputError(what, where + " dtype " + dtype_json.dump(), "F64, F32, F16 or BF16");
    const uint64_t element_size = uint64_t(dtype->size);

    const json& shape = entry["shape"];
    if (!shape.is_array() || shape.size() != 2)
        throw InputError(what, where + " shape " + shape.dump(), "a 2-D tensor [positions, dims]");
    const uint64_t rows = unsigned_value(shape[0], where + " shape[0]", what);
    const uint64_t cols = unsigned_value(shape[1], where + " shape[1]", what);
    const uint64_t max_side = uint64_t(std::numeric_limits<int>::max());
    if (rows > max_side || cols > max_side || (cols > 0 && rows > file_size / cols))
        throw InputError(what, where + " shape " + shape.dump(),
                         "a shape whose data fits in the file");

    const json& offsets = entry["data_offsets"];
    if (!offsets.is_array() || offsets.size() != 2)
        throw InputError(what, where + " data_offsets " + offsets.dump(), "[begin, end]");
    const uint64_t begin = unsigned_value(offsets[0], where + " data_offsets[0]", what);
    const uint64_t end = unsigned_value(offsets[1], where + " data_offsets[1]", what);
    const uint64_t data_size = file_size - 8 - header_size;
    if (begin > end || end > data_size)
        throw InputError(what, where + " data_offsets " + offsets.dump(),
                         "begin <= end <= " + std::to_string(data_size) +
                             " (the data buffer's size; the file may be truncated)");
    // rows·cols <= file_size (checked above), so this product cannot overflow.
    const uint64_t expected_bytes = rows * cols * element_size;
    if (end - begin != expected_bytes)
        throw InputError(what, where + " data_offsets " + offsets.dump(),
                         "end - begin = " + std::to_string(expected_bytes) + " bytes for shape " +
                             shape.dump() + " of " + dtype->name);

    std::vector<unsigned char> bytes(expected_bytes);
    in.seekg(std::streamoff(8 + header_size + begin));
    if (!in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(expected_bytes)))
        throw InputError(what, where, "tensor data that can be read");

    Matrix out(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
    for (uint64_t k = 0; k < rows * cols; ++k)  // row-major on both sides
        out.data()[k] = decode(dtype->dtype, bytes.data() + k * element_size);
    return out;
}

}  // namespace posviz
