#include "app/render/animation.h"

#include <cairo.h>
#include <fcntl.h>
#include <gif_lib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <memory>
#include <unordered_map>
#include <vector>

#include "app/render/cairo_handles.h"
#include "app/render/ffmpeg_pipe.h"
#include "app/render/render.h"
#include "core/formats/atomic_file.h"
#include "core/input_error.h"

namespace posviz {

namespace {

// One frame as packed RGB bytes, width·height·3, rows top to bottom.
struct RgbFrame {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb;
};

RgbFrame render_rgb(const Figure& figure, const ExportOptions& options, PixelSize size) {
    const CairoSurface surface(
        cairo_image_surface_create(CAIRO_FORMAT_RGB24, size.width, size.height));
    check_cairo(cairo_surface_status(surface.get()), "make a frame's image");
    {
        const CairoContext cr(cairo_create(surface.get()));
        const double scale = options.dpi / 72.0;
        cairo_scale(cr.get(), scale, scale);
        render_figure(cr.get(), figure, render_style(options, false), size.width / scale,
                      size.height / scale);
        check_cairo(cairo_status(cr.get()), "draw a frame");
    }
    cairo_surface_flush(surface.get());
    RgbFrame frame{size.width, size.height,
                   std::vector<unsigned char>(size_t(size.width) * size.height * 3)};
    const unsigned char* data = cairo_image_surface_get_data(surface.get());
    const int stride = cairo_image_surface_get_stride(surface.get());
    for (int y = 0; y < size.height; ++y) {
        const uint32_t* row = reinterpret_cast<const uint32_t*>(data + ptrdiff_t(y) * stride);
        unsigned char* out = &frame.rgb[size_t(y) * size.width * 3];
        for (int x = 0; x < size.width; ++x) {
            out[3 * x + 0] = (row[x] >> 16) & 0xff;
            out[3 * x + 1] = (row[x] >> 8) & 0xff;
            out[3 * x + 2] = row[x] & 0xff;
        }
    }
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

// giflib's message for an error code (GifErrorString has none for codes it does not know).
std::string gif_error(int code) {
    const char* text = GifErrorString(code);
    return text ? text : "giflib error " + std::to_string(code);
}

struct GifClose {
    void operator()(GifFileType* gif) const { EGifCloseFile(gif, nullptr); }
};

// GIF delays are whole hundredths of a second, and players stretch delays under 2/100 s to a
// tenth of a second (browsers since Netscape), so a GIF stops at 50 fps.
constexpr int k_max_gif_fps = 50;

// The delay of frame f at `fps`, in 1/100 s: frame f starts at floor(100·f/fps), so the delays
// add up to the asked rate over every second (12 fps: 8, 8, 9, 8, 8, 9, … = 100 per 12 frames)
// where one rounded delay for all (8) would play at 12.5 fps.
int gif_delay(int frame, int fps) {
    return 100 * (frame + 1) / fps - 100 * frame / fps;
}

// GIF: each frame with its own 256-colour table (index_colours), its delay (gif_delay), looping
// forever (the NETSCAPE2.0 application extension). giflib writes through a
// duplicate of the temporary file's descriptor, which it closes.
void write_gif(const std::function<Figure(int)>& frame, const AnimationOptions& o, PixelSize size,
               TempFile& temp, const std::string& path) {
    const int fd = fcntl(temp.fd(), F_DUPFD_CLOEXEC, 0);
    if (fd < 0) unwritable(path, std::strerror(errno));
    int error = 0;
    std::unique_ptr<GifFileType, GifClose> gif(EGifOpenFileHandle(fd, &error));
    if (!gif) {
        close(fd);
        unwritable(path, gif_error(error));
    }
    EGifSetGifVersion(gif.get(), true);
    auto check = [&](int result) {
        if (result != GIF_OK) unwritable(path, gif_error(gif->Error));
    };
    check(EGifPutScreenDesc(gif.get(), size.width, size.height, 8, 0, nullptr));
    const unsigned char loop[] = {1, 0, 0};  // sub-block 1, loop count 0 = forever
    check(EGifPutExtensionLeader(gif.get(), APPLICATION_EXT_FUNC_CODE));
    check(EGifPutExtensionBlock(gif.get(), 11, "NETSCAPE2.0"));
    check(EGifPutExtensionBlock(gif.get(), 3, loop));
    check(EGifPutExtensionTrailer(gif.get()));
    for (int f = 0; f < o.frames; ++f) {
        IndexedFrame indexed = index_colours(render_rgb(frame(f), o.frame, size));
        const std::unique_ptr<ColorMapObject, void (*)(ColorMapObject*)> map(
            GifMakeMapObject(256, indexed.palette.data()), GifFreeMapObject);
        GraphicsControlBlock control{};
        control.DelayTime = gif_delay(f, o.fps);
        control.TransparentColor = NO_TRANSPARENT_COLOR;
        GifByteType extension[4];
        const size_t length = EGifGCBToExtension(&control, extension);
        check(EGifPutExtension(gif.get(), GRAPHICS_EXT_FUNC_CODE, int(length), extension));
        check(EGifPutImageDesc(gif.get(), 0, 0, size.width, size.height, false, map.get()));
        for (int y = 0; y < size.height; ++y)
            check(EGifPutLine(gif.get(), &indexed.indices[size_t(y) * size.width], size.width));
    }
    GifFileType* finished = gif.release();
    if (EGifCloseFile(finished, &error) != GIF_OK) unwritable(path, gif_error(error));
}

// MP4: the ffmpeg command reads raw RGB24 frames on stdin and encodes H.264 in yuv420p (what
// every player and slide tool plays; raster_size made the sides even). "file:" keeps a ':' in
// the path from being read as a protocol.
void write_mp4(const std::function<Figure(int)>& frame, const AnimationOptions& o, PixelSize size,
               TempFile& temp, const std::string& path) {
    FfmpegPipe ffmpeg({"-hide_banner",
                       "-loglevel",
                       "error",
                       "-y",
                       "-f",
                       "rawvideo",
                       "-pix_fmt",
                       "rgb24",
                       "-s",
                       std::to_string(size.width) + "x" + std::to_string(size.height),
                       "-r",
                       std::to_string(o.fps),
                       "-i",
                       "-",
                       "-c:v",
                       "libx264",
                       "-pix_fmt",
                       "yuv420p",
                       "-movflags",
                       "+faststart",
                       "-f",
                       "mp4",
                       "file:" + std::string(FfmpegPipe::kOutput)},
                      temp, path);
    bool fed = true;
    for (int f = 0; fed && f < o.frames; ++f) {
        const RgbFrame rgb = render_rgb(frame(f), o.frame, size);
        fed = ffmpeg.write(rgb.rgb.data(), rgb.rgb.size());
    }
    ffmpeg.finish();  // ffmpeg's own message when it failed
    if (!fed) unwritable(path, "ffmpeg stopped reading its frames");
    struct stat written {};
    if (fstat(temp.fd(), &written) != 0 || written.st_size == 0)
        unwritable(path, "ffmpeg exited with status 0 but wrote nothing");
}

}  // namespace

void export_animation(const std::function<Figure(int)>& frame, const AnimationOptions& options,
                      const std::string& path) {
    const std::string extension = std::filesystem::path(path).extension().string();
    if (extension != ".gif" && extension != ".mp4")
        throw InputError("-o", path, "a file ending in .gif or .mp4 for an animation");
    if (extension == ".gif" && options.fps > k_max_gif_fps)
        throw InputError("--fps", std::to_string(options.fps),
                         "at most " + std::to_string(k_max_gif_fps) +
                             " for .gif (its delays are whole 1/100 s, and players slow delays "
                             "under 2/100 s to 1/10 s); .mp4 takes more");
    const PixelSize size = raster_size(frame(0), options.frame, extension);
    TempFile temp(path);
    if (extension == ".gif")
        write_gif(frame, options, size, temp, path);
    else
        write_mp4(frame, options, size, temp, path);
    temp.commit();
}

}  // namespace posviz
