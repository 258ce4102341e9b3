#include "core/formats/npy.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/formats/input_file.h"
#include "core/input_error.h"
#include "core/limits.h"

namespace posviz {

static_assert(std::endian::native == std::endian::little, "posviz reads and writes little-endian");

namespace {

// Value of `key` in the header dict, as the raw text up to the next top-level ',' or '}'.
std::string header_field(const std::string& header, const std::string& key,
                         const std::string& path) {
    const std::string quoted = "'" + key + "'";
    const size_t at = header.find(quoted);
    if (at == std::string::npos)
        throw InputError(path, "an .npy header without " + quoted, "a NumPy .npy file");
    size_t pos = header.find(':', at + quoted.size());
    if (pos == std::string::npos)
        throw InputError(path, "a malformed .npy header", "a NumPy .npy file");
    ++pos;
    while (pos < header.size() && header[pos] == ' ') ++pos;
    size_t end = pos;
    if (end < header.size() && header[end] == '(') {
        end = header.find(')', end);
        if (end == std::string::npos)
            throw InputError(path, "a malformed .npy shape", "a NumPy .npy file");
        return header.substr(pos, end - pos + 1);
    }
    while (end < header.size() && header[end] != ',' && header[end] != '}') ++end;
    return header.substr(pos, end - pos);
}

std::vector<int64_t> parse_shape(const std::string& text, const std::string& path) {
    std::vector<int64_t> shape;
    if (text.size() < 2 || text.front() != '(' || text.back() != ')')
        throw InputError(path, "shape " + text.substr(0, 40),
                         "a tuple of dimensions such as (16, 64)");
    std::string inner = text.substr(1, text.size() - 2);
    std::stringstream ss(inner);
    std::string item;
    while (std::getline(ss, item, ',')) {
        size_t b = item.find_first_not_of(' ');
        if (b == std::string::npos) continue;
        char* end = nullptr;
        errno = 0;
        const long long v = std::strtoll(item.c_str() + b, &end, 10);
        if (end == item.c_str() + b || v < 0 || errno == ERANGE)
            throw InputError(path, "shape " + text, "non-negative integer dimensions");
        shape.push_back(v);
    }
    return shape;
}

template <typename T>
void convert(const char* bytes, size_t count, double* out) {
    for (size_t i = 0; i < count; ++i) {
        T v;
        std::memcpy(&v, bytes + i * sizeof(T), sizeof(T));
        out[i] = double(v);
    }
}

// IEEE 754 binary16 to double (numpy '<f2').
double half_to_double(uint16_t h) {
    const int sign = (h >> 15) ? -1 : 1;
    const int exponent = (h >> 10) & 0x1f;
    const int mantissa = h & 0x3ff;
    if (exponent == 0) return sign * std::ldexp(mantissa, -24);
    if (exponent == 31) return mantissa ? NAN : sign * INFINITY;
    return sign * std::ldexp(mantissa + 1024, exponent - 25);
}

// What the header says, checked against the file: the data that follows is all there.
struct NpyHeader {
    std::string descr;  // "<f8", ...
    size_t item = 0;    // bytes an element
    std::vector<int64_t> shape;
    uint64_t count = 1;  // elements
};

// Reads and checks everything before the data; leaves `file` at the data's first byte.
NpyHeader read_header(InputFile& file, const std::string& path) {
    std::ifstream& in = file.stream;
    const uint64_t file_size = file.size;
    char magic[8];
    if (!in.read(magic, 8) || std::memcmp(magic, "\x93NUMPY", 6) != 0)
        throw InputError(path, "no .npy magic", "a NumPy .npy file");
    const int major = static_cast<unsigned char>(magic[6]);
    uint32_t header_len = 0;
    if (major == 1) {
        unsigned char b[2];
        if (!in.read(reinterpret_cast<char*>(b), 2))
            throw InputError(path, "a truncated header", "a complete .npy file");
        header_len = b[0] | (b[1] << 8);
    } else if (major == 2 || major == 3) {
        unsigned char b[4];
        if (!in.read(reinterpret_cast<char*>(b), 4))
            throw InputError(path, "a truncated header", "a complete .npy file");
        header_len = b[0] | (b[1] << 8) | (b[2] << 16) | (uint32_t(b[3]) << 24);
    } else {
        throw InputError(path, ".npy format version " + std::to_string(major), "version 1, 2 or 3");
    }
    const uint64_t data_start = (major == 1 ? 10 : 12) + uint64_t(header_len);
    if (data_start > file_size)
        throw InputError(path, "a truncated header", "a complete .npy file");
    std::string header(header_len, '\0');
    in.read(header.data(), header_len);

    NpyHeader h;
    h.descr = header_field(header, "descr", path);
    std::string& descr = h.descr;
    descr.erase(std::remove(descr.begin(), descr.end(), '\''), descr.end());
    descr.erase(std::remove(descr.begin(), descr.end(), ' '), descr.end());
    const std::string fortran = header_field(header, "fortran_order", path);
    if (fortran.find("True") != std::string::npos)
        throw InputError(path, "fortran_order True", "C order (numpy.ascontiguousarray)");
    h.shape = parse_shape(header_field(header, "shape", path), path);

    if (descr == "<f8")
        h.item = 8;
    else if (descr == "<f4")
        h.item = 4;
    else if (descr == "<f2")
        h.item = 2;
    else if (descr == "<i4")
        h.item = 4;
    else if (descr == "<i8")
        h.item = 8;
    else
        throw InputError(
            path, "dtype " + descr,
            "little-endian float64, float32, float16, int32 or int64 (<f8 <f4 <f2 <i4 <i8)");
    for (int64_t d : h.shape) {
        if (d != 0 && h.count > limits::kMaxTableElements / uint64_t(d))
            throw InputError(
                path, "shape " + header_field(header, "shape", path),
                "an array of at most " + std::to_string(limits::kMaxTableElements) + " elements");
        h.count *= uint64_t(d);
    }
    if (data_start + h.count * h.item > file_size)
        throw InputError(path,
                         "a truncated file (" + std::to_string(file_size) +
                             " bytes, header promises " +
                             std::to_string(data_start + h.count * h.item) + ")",
                         "a complete .npy file");
    return h;
}

// The data as doubles into out[0, count), a piece at a time: the raw bytes of a whole table would
// be a second copy of it (2 GiB at the element limit).
void read_values(std::ifstream& in, const NpyHeader& h, double* out) {
    constexpr uint64_t kPiece = 1 << 17;  // elements: 1 MiB of doubles
    std::vector<char> raw(std::min(h.count, kPiece) * h.item);
    for (uint64_t done = 0; done < h.count; done += kPiece) {
        const uint64_t n = std::min(kPiece, h.count - done);
        in.read(raw.data(), std::streamsize(n * h.item));
        double* dst = out + done;
        if (h.descr == "<f8")
            convert<double>(raw.data(), n, dst);
        else if (h.descr == "<f4")
            convert<float>(raw.data(), n, dst);
        else if (h.descr == "<i4")
            convert<int32_t>(raw.data(), n, dst);
        else if (h.descr == "<i8")
            convert<int64_t>(raw.data(), n, dst);
        else {
            for (size_t i = 0; i < n; ++i) {
                uint16_t half;
                std::memcpy(&half, raw.data() + 2 * i, 2);
                dst[i] = half_to_double(half);
            }
        }
    }
}

std::string shape_text(const std::vector<int64_t>& shape) {
    std::string s = "(";
    for (size_t i = 0; i < shape.size(); ++i) {
        if (i) s += ", ";
        s += std::to_string(shape[i]);
    }
    return s + ")";
}

}  // namespace

NpyArray read_npy(const std::string& path) {
    InputFile file = open_input_file(path, path, "a readable .npy file");
    const NpyHeader h = read_header(file, path);
    NpyArray array;
    array.shape = h.shape;
    array.data.resize(h.count);
    read_values(file.stream, h, array.data.data());
    return array;
}

Matrix read_npy_matrix(const std::string& path, const std::string& what, int expected_rows,
                       int expected_cols, int64_t max_bytes) {
    InputFile file;
    NpyHeader h;
    try {
        file = open_input_file(path, path, "a readable .npy file");
        h = read_header(file, path);
    } catch (const InputError& e) {
        throw InputError(what, e.what(), "a readable little-endian C-order .npy file")
            .with_cause(e.cause);
    }
    const std::string wanted =
        "shape (" + (expected_rows < 0 ? std::string("any") : std::to_string(expected_rows)) +
        ", " + (expected_cols < 0 ? std::string("any") : std::to_string(expected_cols)) + ")";
    const std::string shape = shape_text(h.shape);
    if (h.shape.size() != 2)
        throw InputError(what, path + " with shape " + shape, "a 2-D array of " + wanted);
    if ((expected_rows >= 0 && h.shape[0] != expected_rows) ||
        (expected_cols >= 0 && h.shape[1] != expected_cols))
        throw InputError(what, path + " with shape " + shape, wanted);
    limits::check_table_budget(h.count, max_bytes, what, path + " with shape " + shape);
    Matrix m(h.shape[0], h.shape[1]);
    read_values(file.stream, h, m.data());
    for (Eigen::Index i = 0; i < m.size(); ++i)
        if (!std::isfinite(m.data()[i]))
            throw InputError(what, path + " containing a non-finite value", "finite numbers");
    return m;
}

std::string encode_npy(const std::vector<int64_t>& shape, const double* data, NpyDtype dtype) {
    std::string shape_text = "(";
    size_t count = 1;
    for (size_t i = 0; i < shape.size(); ++i) {
        shape_text += std::to_string(shape[i]);
        if (shape.size() == 1 || i + 1 < shape.size()) shape_text += ',';
        if (i + 1 < shape.size()) shape_text += ' ';
        count *= size_t(shape[i]);
    }
    shape_text += ")";
    const char* descr = dtype == NpyDtype::Float64   ? "<f8"
                        : dtype == NpyDtype::Float32 ? "<f4"
                                                     : "<i4";
    std::string header = std::string("{'descr': '") + descr +
                         "', 'fortran_order': False, 'shape': " + shape_text + ", }";
    // Pad with spaces so that magic + len + header + '\n' is a multiple of 64 (format.py does
    // this).
    const size_t unpadded = 10 + header.size() + 1;
    header.append((64 - unpadded % 64) % 64, ' ');
    header += '\n';
    std::string out("\x93NUMPY\x01\x00", 8);
    out += char(header.size() & 0xff);
    out += char(header.size() >> 8);
    out += header;
    const size_t item = dtype == NpyDtype::Float64 ? 8 : 4;
    const size_t start = out.size();
    out.resize(start + count * item);
    char* dst = out.data() + start;
    for (size_t i = 0; i < count; ++i) {
        if (dtype == NpyDtype::Float64) {
            std::memcpy(dst + 8 * i, &data[i], 8);
        } else if (dtype == NpyDtype::Float32) {
            const float f = float(data[i]);
            std::memcpy(dst + 4 * i, &f, 4);
        } else {
            const int32_t v = int32_t(data[i]);
            std::memcpy(dst + 4 * i, &v, 4);
        }
    }
    return out;
}

}  // namespace posviz
