#include "core/formats/input_file.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <sstream>

#include "core/input_error.h"

namespace posviz {

namespace {

std::string size_text(uint64_t bytes) {
    if (bytes >= (uint64_t(1) << 20) && bytes % (uint64_t(1) << 20) == 0)
        return std::to_string(bytes >> 20) + " MiB";
    return std::to_string(bytes) + " bytes";
}

}  // namespace

InputFile open_input_file(const std::string& path, const std::string& what,
                          const std::string& expected, uint64_t max_bytes) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        const int error = errno;
        throw InputError(what, path + " (" + std::strerror(error) + ")", expected)
            .with_cause(error == ENOENT ? InputErrorCause::NoSuchFile : InputErrorCause::Value);
    }
    if (S_ISDIR(info.st_mode))
        throw InputError(what, path + " (a directory)", expected)
            .with_cause(InputErrorCause::Directory);
    if (!S_ISREG(info.st_mode))
        throw InputError(what, path + " (a device, pipe or socket, not a regular file)", expected);
    const uint64_t size = uint64_t(info.st_size);
    if (size > max_bytes)
        throw InputError(what, path + " of " + std::to_string(size) + " bytes",
                         expected + " of at most " + size_text(max_bytes));
    InputFile file;
    file.stream.open(path, std::ios::binary);
    if (!file.stream) throw InputError(what, path + " (" + std::strerror(errno) + ")", expected);
    file.size = size;
    return file;
}

std::string read_input_file(const std::string& path, const std::string& what,
                            const std::string& expected, uint64_t max_bytes) {
    InputFile file = open_input_file(path, what, expected, max_bytes);
    std::string bytes(file.size, '\0');
    if (!file.stream.read(bytes.data(), std::streamsize(bytes.size())))
        throw InputError(what, path + " (shorter than its size while read)", expected);
    return bytes;
}

}  // namespace posviz
