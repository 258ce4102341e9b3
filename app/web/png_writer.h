// A PNG encoder with no library (the browser build has neither cairo nor zlib): 8-bit RGBA,
// the image data zlib-wrapped in stored (uncompressed) deflate blocks (RFC 1950, RFC 1951 §3.2.4),
// chunks with their CRC-32 (PNG spec, ISO/IEC 15948 §5.3 and Annex D). Files are as large as the
// pixels; the browser's download is compressed by the server's gzip anyway.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace posviz::web {

// `rgba`: width × height pixels, top row first, 4 bytes each.
std::string encode_png(int width, int height, const std::vector<uint8_t>& rgba);

}  // namespace posviz::web
