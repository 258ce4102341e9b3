// Loading query/key content and a position table from the Scene window: good files set the
// sizes, wrong ones are InputErrors naming the file's role and leave the scene as it was.
#include <gtest/gtest.h>

#include <filesystem>

#include "app/gui/files/scene_files.h"
#include "core/formats/npy.h"
#include "expect_input_error.h"

namespace posviz::gui {
namespace {

std::string npy_file(const std::string& name, std::vector<int64_t> shape) {
    const auto dir = std::filesystem::temp_directory_path() / "posviz_test_scene_files";
    std::filesystem::create_directories(dir);
    int64_t count = 1;
    for (int64_t n : shape) count *= n;
    const std::vector<double> data(size_t(count), 0.25);
    const std::string path = (dir / name).string();
    write_file_atomically(path, encode_npy(shape, data.data(), NpyDtype::Float32));
    return path;
}

TEST(GuiSceneFiles, ContentFilesSetLengthAndDims) {
    Scene scene;
    use_content_files(scene, npy_file("q.npy", {12, 6}), npy_file("k.npy", {12, 6}));
    EXPECT_EQ(scene.seq_len, 12);
    EXPECT_EQ(scene.dim, 6);
    EXPECT_EQ(make_content(scene).keys.rows(), 12);  // the core reads them as the scene says
}

TEST(GuiSceneFiles, WrongContentIsNamedAndChangesNothing) {
    Scene scene;
    const Scene before = scene;
    EXPECT_INPUT_ERROR(
        use_content_files(scene, npy_file("q.npy", {12, 6}), npy_file("k8.npy", {12, 8})), "keys");
    EXPECT_INPUT_ERROR(
        use_content_files(scene, npy_file("q3.npy", {2, 12, 6}), npy_file("k.npy", {12, 6})),
        "queries");
    EXPECT_INPUT_ERROR(use_content_files(scene, "/nonexistent.npy", npy_file("k.npy", {12, 6})),
                       "queries");
    EXPECT_EQ(scene.seq_len, before.seq_len);
    EXPECT_EQ(scene.dim, before.dim);
    EXPECT_TRUE(scene.queries_path.empty());
}

TEST(GuiSceneFiles, PositionTableSetsDimsAndCapsLength) {
    Scene scene;
    scene.encoding = "learned";
    scene.seq_len = 512;
    use_position_table(scene, npy_file("wpe.npy", {100, 24}));
    EXPECT_EQ(scene.dim, 24);
    EXPECT_EQ(scene.seq_len, 100);
    EXPECT_EQ(absolute_pe(scene).rows(), 100);
    EXPECT_INPUT_ERROR(use_position_table(scene, npy_file("flat.npy", {100})), "table");
}

}  // namespace
}  // namespace posviz::gui
