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
    if (at == std::string::npos) throw InputError(path, "an .npy header without " + quoted, "a NumPy .npy file");
    size_t pos = header.find(':', at + quoted.size());
    if (pos == std::string::npos) throw InputError(path, "a malformed .npy header", "a NumPy .npy file");
    ++pos;
    while (pos < header.size() && header[pos] == ' ') ++pos;
    size_t end = pos;
    if (end < header.size() && header[end] == '(') {
        end = header.find(')', end);
        if (end == std::string::npos) throw InputError(path, "a malformed .npy shape", "a NumPy .npy file");
        return header.substr(pos, end - pos + 1);
    }
    while (end < header.size() && header[end] != ',' && header[end] != '}') ++end;
    return header.substr(pos, end - pos);
}

std::vector<int64_t> parse_shape(const std::string& text, const std::string& path) {
    std::vector<int64_t> shape;
    if (text.size() < 2 || text.front() != '(' || text.back() != ')')
        throw InputError(path, "shape " + text.substr(0, 40), "a tuple of dimensions such as (16, 64)");
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
void convert(const char* bytes, size_t count, std::vector<double>& out) {
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

}  // namespace

NpyArray read_npy(const std::string& path) {
    InputFile file = open_input_file(path, path, "a readable .npy file");
    std::ifstream& in = file.stream;
    const uint64_t file_size = file.size;
    char magic[8];
    if (!in.read(magic, 8) || std::memcmp(magic, "\x93NUMPY", 6) != 0)
        throw InputError(path, "no .npy magic", "a NumPy .npy file");
    const int major = static_cast<unsigned char>(magic[6]);
    uint32_t header_len = 0;
    if (major == 1) {
        unsigned char b[2];
        if (!in.read(reinterpret_cast<char*>(b), 2)) throw InputError(path, "a truncated header", "a complete .npy file");
        header_len = b[0] | (b[1] << 8);
    } else if (major == 2 || major == 3) {
        unsigned char b[4];
        if (!in.read(reinterpret_cast<char*>(b), 4)) throw InputError(path, "a truncated header", "a complete .npy file");
        header_len = b[0] | (b[1] << 8) | (b[2] << 16) | (uint32_t(b[3]) << 24);
    } else {
        throw InputError(path, ".npy format version " + std::to_string(major), "version 1, 2 or 3");
    }
    const uint64_t data_start = (major == 1 ? 10 : 12) + uint64_t(header_len);
    if (data_start > file_size) throw InputError(path, "a truncated header", "a complete .npy file");
    std::string header(header_len, '\0');
    in.read(header.data(), header_len);

    std::string descr = header_field(header, "descr", path);
    descr.erase(std::remove(descr.begin(), descr.end(), '\''), descr.end());
    descr.erase(std::remove(descr.begin(), descr.end(), ' '), descr.end());
    const std::string fortran = header_field(header, "fortran_order", path);
    if (fortran.find("True") != std::string::npos)
        throw InputError(path, "fortran_order True", "C order (numpy.ascontiguousarray)");
    NpyArray array;
    array.shape = parse_shape(header_field(header, "shape", path), path);

    size_t item = 0;
    if (descr == "<f8") item = 8;
    else if (descr == "<f4") item = 4;
    else if (descr == "<f2") item = 2;
    else if (descr == "<i4") item = 4;
    else if (descr == "<i8") item = 8;
    else
        throw InputError(path, "dtype " + descr,
                         "little-endian float64, float32, float16, int32 or int64 (<f8 <f4 <f2 <i4 <i8)");
    uint64_t count = 1;
    for (int64_t d : array.shape) {
        if (d != 0 && count > limits::kMaxTableElements / uint64_t(d))
            throw InputError(path, "shape " + header_field(header, "shape", path),
                             "an array of at most " + std::to_string(limits::kMaxTableElements) +
                                 " elements");
        count *= uint64_t(d);
    }
    if (data_start + count * item > file_size)
        throw InputError(path, "a truncated file (" + std::to_string(file_size) + " bytes, header promises " +
                                   std::to_string(data_start + count * item) + ")",
                         "a complete .npy file");
    std::vector<char> raw(count * item);
    in.read(raw.data(), std::streamsize(raw.size()));
    array.data.resize(count);
    if (descr == "<f8") convert<double>(raw.data(), count, array.data);
    else if (descr == "<f4") convert<float>(raw.data(), count, array.data);
    else if (descr == "<i4") convert<int32_t>(raw.data(), count, array.data);
    else if (descr == "<i8") convert<int64_t>(raw.data(), count, array.data);
    else {
        for (size_t i = 0; i < count; ++i) {
            uint16_t h;
            std::memcpy(&h, raw.data() + 2 * i, 2);
            array.data[i] = half_to_double(h);
        }
    }
    return array;
}

Matrix read_npy_matrix(const std::string& path, const std::string& what, int expected_rows,
                       int expected_cols) {
    NpyArray a;
    try {
        a = read_npy(path);
    } catch (const InputError& e) {
        throw InputError(what, e.what(), "a readable little-endian C-order .npy file");
    }
    auto shape_text = [&] {
        std::string s = "(";
        for (size_t i = 0; i < a.shape.size(); ++i) {
            if (i) s += ", ";
            s += std::to_string(a.shape[i]);
        }
        return s + ")";
    };
    const std::string wanted = "shape (" + (expected_rows < 0 ? std::string("any") : std::to_string(expected_rows)) +
                               ", " + (expected_cols < 0 ? std::string("any") : std::to_string(expected_cols)) + ")";
    if (a.shape.size() != 2) throw InputError(what, path + " with shape " + shape_text(), "a 2-D array of " + wanted);
    if ((expected_rows >= 0 && a.shape[0] != expected_rows) || (expected_cols >= 0 && a.shape[1] != expected_cols))
        throw InputError(what, path + " with shape " + shape_text(), wanted);
    for (double v : a.data)
        if (!std::isfinite(v)) throw InputError(what, path + " containing a non-finite value", "finite numbers");
    return Eigen::Map<const Matrix>(a.data.data(), a.shape[0], a.shape[1]);
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
    const char* descr = dtype == NpyDtype::Float64 ? "<f8" : dtype == NpyDtype::Float32 ? "<f4" : "<i4";
    std::string header = std::string("{'descr': '") + descr + "', 'fortran_order': False, 'shape': " +
                         shape_text + ", }";
    // Pad with spaces so that magic + len + header + '\n' is a multiple of 64 (format.py does this).
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
