// export_scene_figure, the command line's way to pictures: every format by extension, the
// rotation animation as GIF and MP4 with the asked number of frames, and the errors.
#include <gif_lib.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "app/cli/figure_options.h"
#include "expect_input_error.h"
#include "run_posviz.h"

namespace posviz {
namespace {

Scene rotation_scene() {
    Scene s;
    s.figure = "rotation";
    s.encoding = "rope";
    s.seq_len = 16;
    s.dim = 16;
    s.dims = {0, 6};
    return s;
}

FigureExportOptions small_frames(int frames) {
    FigureExportOptions o;
    o.frames = frames;
    o.dpi = 40;  // 0.4 + 3.4·3 in wide: 424 × 176 pixels
    return o;
}

std::string command_output(const std::string& command) {
    std::string out;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return out;
    char buffer[256];
    while (std::fgets(buffer, sizeof buffer, pipe)) out += buffer;
    pclose(pipe);
    return out;
}

TEST(FigureExport, RotationGifHasOneImagePerFrame) {
    const std::string path = testing::make_temp_dir() + "/rotation.gif";
    export_scene_figure(rotation_scene(), small_frames(6), path);
    int error = 0;
    GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
    ASSERT_NE(gif, nullptr) << GifErrorString(error);
    ASSERT_EQ(DGifSlurp(gif), GIF_OK);
    EXPECT_EQ(gif->ImageCount, 6);
    EXPECT_EQ(gif->SWidth, 424);
    EXPECT_EQ(gif->SHeight, 176);
    DGifCloseFile(gif, &error);
}

TEST(FigureExport, RotationMp4HasOneVideoFramePerFrame) {
    const std::string path = testing::make_temp_dir() + "/rotation.mp4";
    export_scene_figure(rotation_scene(), small_frames(7), path);
    const std::string frames = command_output(
        "ffprobe -v error -count_frames -select_streams v:0 -show_entries "
        "stream=nb_read_frames,width,height "
        "-of default=noprint_wrappers=1 " +
        path);
    EXPECT_NE(frames.find("nb_read_frames=7"), std::string::npos) << frames;
    EXPECT_NE(frames.find("width=424"), std::string::npos) << frames;
}

TEST(FigureExport, Mp4WithoutFfmpegSaysSo) {
    const std::string dir = testing::make_temp_dir();
    const std::string saved = std::getenv("PATH") ? std::getenv("PATH") : "";
    setenv("PATH", dir.c_str(), 1);  // an empty directory: no ffmpeg anywhere
    try {
        export_scene_figure(rotation_scene(), small_frames(2), dir + "/rotation.mp4");
        ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
        EXPECT_EQ(e.option, "-o");
        EXPECT_NE(std::string(e.what()).find("ffmpeg"), std::string::npos) << e.what();
    }
    setenv("PATH", saved.c_str(), 1);
    EXPECT_FALSE(testing::file_exists(dir + "/rotation.mp4"));
}

TEST(FigureExport, StaticFormatsByExtensionAndSameSvgTwice) {
    const std::string dir = testing::make_temp_dir();
    Scene s;
    s.figure = "pe";
    s.encoding = "sinusoidal";
    s.seq_len = 32;
    s.dim = 16;
    for (const char* name : {"/pe.png", "/pe.svg", "/pe.pdf", "/again.svg"})
        export_scene_figure(s, {}, dir + name);
    EXPECT_EQ(testing::read_file(dir + "/pe.png").substr(1, 3), "PNG");
    EXPECT_EQ(testing::read_file(dir + "/pe.pdf").substr(0, 5), "%PDF-");
    EXPECT_EQ(testing::read_file(dir + "/pe.svg"), testing::read_file(dir + "/again.svg"));
}

TEST(FigureExport, WrongCombinationsAreInputErrors) {
    const std::string dir = testing::make_temp_dir();
    Scene s;
    s.figure = "pe";
    s.encoding = "sinusoidal";
    EXPECT_INPUT_ERROR(export_scene_figure(s, {}, dir + "/pe.gif"), "-o");
    EXPECT_INPUT_ERROR(export_scene_figure(s, {}, dir + "/pe.bmp"), "-o");
    FigureExportOptions o;
    o.lang = "de";
    EXPECT_INPUT_ERROR(export_scene_figure(s, o, dir + "/pe.png"), "--lang");
    o = {};
    o.theme = "neon";
    EXPECT_INPUT_ERROR(export_scene_figure(s, o, dir + "/pe.png"), "--theme");
    EXPECT_FALSE(testing::file_exists(dir + "/pe.png"));
}

TEST(FigureExport, ThroughTheBinarySvgIsByteIdenticalAcrossRuns) {
    const std::string dir = testing::make_temp_dir();
    const std::string args =
        "export scores --compare rope,alibi --causal --seq-len 24 --dim 16 -o ";
    ASSERT_EQ(testing::run_posviz(args + dir + "/a.svg").status, 0);
    ASSERT_EQ(testing::run_posviz(args + dir + "/b.svg").status, 0);
    const std::string a = testing::read_file(dir + "/a.svg");
    EXPECT_NE(a.find("<svg"), std::string::npos);
    EXPECT_EQ(a, testing::read_file(dir + "/b.svg"));
}

TEST(FigureExport, ThroughTheBinaryAnimationAndErrors) {
    const std::string dir = testing::make_temp_dir();
    const auto gif =
        testing::run_posviz("export rotation --frames 3 --dpi 20 -o " + dir + "/r.gif");
    EXPECT_EQ(gif.status, 0) << gif.err;
    EXPECT_EQ(testing::read_file(dir + "/r.gif").substr(0, 6), "GIF89a");
    const auto lang =
        testing::run_posviz("export pe --encoding sinusoidal --lang fr -o " + dir + "/pe.png");
    EXPECT_EQ(lang.status, 2);
    EXPECT_NE(lang.err.find("--lang"), std::string::npos) << lang.err;
    const auto dpi =
        testing::run_posviz("export pe --encoding sinusoidal --dpi 5000 -o " + dir + "/pe.png");
    EXPECT_NE(dpi.status, 0);
    EXPECT_NE(dpi.err.find("--dpi"), std::string::npos) << dpi.err;
    EXPECT_FALSE(testing::file_exists(dir + "/pe.png"));
}

}  // namespace
}  // namespace posviz
