#include "app/render/animation.h"

#include <cairo.h>
#include <fcntl.h>
#include <gif_lib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <unordered_map>
#include <vector>

#include "app/render/render.h"
#include "core/input_error.h"

namespace posviz {

namespace {

// One frame as packed RGB bytes, width·height·3, rows top to bottom.
struct RgbFrame {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb;
};

RgbFrame render_rgb(const Figure& figure, const ExportOptions& options, PixelSize size) {
    cairo_surface_t* surface =
        cairo_image_surface_create(CAIRO_FORMAT_RGB24, size.width, size.height);
    cairo_t* cr = cairo_create(surface);
    const double scale = options.dpi / 72.0;
    cairo_scale(cr, scale, scale);
    render_figure(cr, figure, {options.theme, options.lang, false}, size.width / scale,
                  size.height / scale);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    RgbFrame frame{size.width, size.height,
                   std::vector<unsigned char>(size_t(size.width) * size.height * 3)};
    const unsigned char* data = cairo_image_surface_get_data(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    for (int y = 0; y < size.height; ++y) {
        const uint32_t* row = reinterpret_cast<const uint32_t*>(data + ptrdiff_t(y) * stride);
        unsigned char* out = &frame.rgb[size_t(y) * size.width * 3];
        for (int x = 0; x < size.width; ++x) {
            out[3 * x + 0] = (row[x] >> 16) & 0xff;
            out[3 * x + 1] = (row[x] >> 8) & 0xff;
            out[3 * x + 2] = row[x] & 0xff;
        }
    }
    cairo_surface_destroy(surface);
    return frame;
}

[[noreturn]] void unwritable(const std::string& path, const std::string& why) {
    throw InputError("-o", path, "a writable file path (" + why + ")");
}

// A frame in at most 256 colours. Figures are mostly flat colours (background, text, lines)
// plus their anti-aliased edges, so the 256 most frequent exact colours keep every flat colour
// exact and the rare edge shades map to their nearest entry. (giflib's GifQuantizeBuffer works
// on 5-bit channels and turns a white background grey.)
struct IndexedFrame {
    std::vector<GifColorType> palette;
    std::vector<GifByteType> indices;
};

IndexedFrame index_colours(const RgbFrame& frame) {
    const size_t pixels = frame.rgb.size() / 3;
    auto colour_at = [&](size_t i) {
        return uint32_t(frame.rgb[3 * i]) << 16 | uint32_t(frame.rgb[3 * i + 1]) << 8 |
               frame.rgb[3 * i + 2];
    };
    std::unordered_map<uint32_t, size_t> counts;
    for (size_t i = 0; i < pixels; ++i) ++counts[colour_at(i)];
    std::vector<std::pair<size_t, uint32_t>> by_count;
    for (const auto& [colour, count] : counts) by_count.push_back({count, colour});
    // Most frequent first; ties by colour value, so that the palette does not depend on hashing.
    std::sort(by_count.begin(), by_count.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    by_count.resize(std::min<size_t>(by_count.size(), 256));
    IndexedFrame out;
    for (const auto& [count, colour] : by_count)
        out.palette.push_back(
            {GifByteType(colour >> 16), GifByteType(colour >> 8), GifByteType(colour)});
    out.palette.resize(
        256);  // a GIF colour table has a power-of-two size; unused entries stay black
    std::unordered_map<uint32_t, GifByteType> nearest;
    auto index_of = [&](uint32_t colour) {
        auto it = nearest.find(colour);
        if (it != nearest.end()) return it->second;
        const int r = int(colour >> 16), g = int(colour >> 8 & 0xff), b = int(colour & 0xff);
        size_t best = 0;
        int best_distance = INT_MAX;
        for (size_t k = 0; k < by_count.size(); ++k) {
            const int dr = r - out.palette[k].Red, dg = g - out.palette[k].Green,
                      db = b - out.palette[k].Blue;
            const int distance =
                2 * dr * dr + 4 * dg * dg + 3 * db * db;  // rough perceptual weights
            if (distance < best_distance) {
                best_distance = distance;
                best = k;
            }
        }
        return nearest[colour] = GifByteType(best);
    };
    out.indices.resize(pixels);
    for (size_t i = 0; i < pixels; ++i) out.indices[i] = index_of(colour_at(i));
    return out;
}

// GIF: each frame with its own 256-colour table (index_colours), a delay of 100/fps hundredths
// of a second, looping forever (the NETSCAPE2.0 application extension).
void write_gif(const std::function<Figure(int)>& frame, const AnimationOptions& o, PixelSize size,
               const std::string& temp, const std::string& path) {
    // open() with 0666 (less the umask) like any new file; giflib's own open uses 0600.
    const int fd = open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0) unwritable(path, std::strerror(errno));
    int error = 0;
    GifFileType* gif = EGifOpenFileHandle(fd, &error);
    if (!gif) {
        close(fd);
        std::filesystem::remove(temp);
        unwritable(path, GifErrorString(error));
    }
    EGifSetGifVersion(gif, true);
    bool ok = EGifPutScreenDesc(gif, size.width, size.height, 8, 0, nullptr) == GIF_OK;
    const unsigned char loop[] = {1, 0, 0};  // sub-block 1, loop count 0 = forever
    ok = ok && EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
         EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0") == GIF_OK &&
         EGifPutExtensionBlock(gif, 3, loop) == GIF_OK && EGifPutExtensionTrailer(gif) == GIF_OK;
    for (int f = 0; ok && f < o.frames; ++f) {
        IndexedFrame indexed = index_colours(render_rgb(frame(f), o.frame, size));
        ColorMapObject* map = GifMakeMapObject(256, indexed.palette.data());
        GraphicsControlBlock control{};
        control.DelayTime = int(std::lround(100.0 / o.fps));
        control.TransparentColor = NO_TRANSPARENT_COLOR;
        GifByteType extension[4];
        const size_t length = EGifGCBToExtension(&control, extension);
        ok = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, int(length), extension) == GIF_OK &&
             EGifPutImageDesc(gif, 0, 0, size.width, size.height, false, map) == GIF_OK;
        for (int y = 0; ok && y < size.height; ++y)
            ok = EGifPutLine(gif, &indexed.indices[size_t(y) * size.width], size.width) == GIF_OK;
        GifFreeMapObject(map);
    }
    const int gif_error = gif->Error;
    if (EGifCloseFile(gif, &error) != GIF_OK || !ok) {
        std::filesystem::remove(temp);
        unwritable(path, GifErrorString(ok ? error : gif_error));
    }
}

bool on_path(const std::string& program) {
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "";
    size_t start = 0;
    while (start <= dirs.size()) {
        const size_t end = std::min(dirs.find(':', start), dirs.size());
        const std::filesystem::path candidate =
            std::filesystem::path(dirs.substr(start, end - start)) / program;
        if (access(candidate.c_str(), X_OK) == 0) return true;
        start = end + 1;
    }
    return false;
}

std::string shell_quote(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// MP4: the ffmpeg command reads raw RGB24 frames on stdin and encodes H.264 in yuv420p (what
// every player and slide tool plays), which needs even dimensions.
void write_mp4(const std::function<Figure(int)>& frame, const AnimationOptions& o, PixelSize size,
               const std::string& temp, const std::string& path) {
    if (!on_path("ffmpeg"))
        throw InputError("-o", path,
                         "the ffmpeg command on PATH for .mp4 (apt-get install ffmpeg), or a .gif");
    size.width += size.width % 2;
    size.height += size.height % 2;
    const std::string command =
        "ffmpeg -hide_banner -loglevel error -y -f rawvideo -pix_fmt rgb24 -s " +
        std::to_string(size.width) + "x" + std::to_string(size.height) + " -r " +
        std::to_string(o.fps) + " -i - -c:v libx264 -pix_fmt yuv420p -movflags +faststart -f mp4 " +
        shell_quote(temp);
    FILE* pipe = popen(command.c_str(), "w");
    if (!pipe) unwritable(path, "could not start ffmpeg");
    bool ok = true;
    for (int f = 0; ok && f < o.frames; ++f) {
        const RgbFrame rgb = render_rgb(frame(f), o.frame, size);
        ok = std::fwrite(rgb.rgb.data(), 1, rgb.rgb.size(), pipe) == rgb.rgb.size();
    }
    const int status = pclose(pipe);
    if (!ok || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::filesystem::remove(temp);
        unwritable(path, "ffmpeg failed to encode the video");
    }
}

}  // namespace

void export_animation(const std::function<Figure(int)>& frame, const AnimationOptions& options,
                      const std::string& path) {
    const std::string extension = std::filesystem::path(path).extension().string();
    if (extension != ".gif" && extension != ".mp4")
        throw InputError("-o", path, "a file ending in .gif or .mp4 for an animation");
    const PixelSize size = raster_size(frame(0), options.frame);
    // Written under a temporary name in the same directory and renamed when complete.
    const std::string temp = path + ".tmp-" + std::to_string(getpid()) + extension;
    if (extension == ".gif")
        write_gif(frame, options, size, temp, path);
    else
        write_mp4(frame, options, size, temp, path);
    std::error_code error;
    std::filesystem::rename(temp, path, error);
    if (error) {
        std::filesystem::remove(temp);
        unwritable(path, error.message());
    }
}

}  // namespace posviz
