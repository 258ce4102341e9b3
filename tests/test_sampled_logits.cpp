// Progressive refinement's preview (core/analyses/sampled_logits.h): the logits at every
// stride-th position are the dense map's own entries there, and the scores figure built with
// preview_texels shows them over the whole range of positions and says it is a preview.
#include <gtest/gtest.h>

#include "core/analyses/sampled_logits.h"
#include "core/figure_data.h"
#include "core/figures/figures.h"

namespace posviz {
namespace {

TEST(SampledLogits, AreTheDenseLogitsAtTheSampledPositions) {
    Scene s;
    s.seq_len = 66;  // not a multiple of the stride: the last sample is position 64
    s.dim = 16;
    // RoPE rotates the content; ALiBi adds a bias per offset n − m, both ways of the mask.
    for (const char* encoding : {"rope", "alibi"})
        for (const bool causal : {true, false}) {
            s.encoding = encoding;
            const Content c = make_content(s);
            const Encoding e = make_encoding(s);
            const Matrix dense = attention_logits(e, c.queries, c.keys, causal);
            const std::optional<Matrix> sampled = sampled_logits(e, c.queries, c.keys, causal, 4);
            ASSERT_TRUE(sampled);
            ASSERT_EQ(sampled->rows(), 17);
            ASSERT_EQ(sampled->cols(), 17);
            for (int i = 0; i < 17; ++i)
                for (int j = 0; j < 17; ++j)
                    if (std::isinf(dense(4 * i, 4 * j)))
                        EXPECT_EQ((*sampled)(i, j), dense(4 * i, 4 * j));
                    else
                        EXPECT_NEAR((*sampled)(i, j), dense(4 * i, 4 * j), 1e-12)
                            << encoding << " " << i << ", " << j;
        }
    s.encoding = "shaw";  // logits that need the L×L work up front: no preview
    const Content c = make_content(s);
    EXPECT_FALSE(sampled_logits(make_encoding(s), c.queries, c.keys, true, 4));
}

TEST(SampledLogits, ScoresPreviewSpansEveryPosition) {
    Scene s;
    s.figure = "scores";
    s.encoding = "rope";
    s.seq_len = 3000;  // reduced (resolution 2048): the preview shows magnitudes too
    s.dim = 8;
    FigureOptions options;
    options.preview_texels = 100;
    const Figure f = build_figure(s, options);
    const Heatmap& h = *f.panels.at(0).heatmap;
    EXPECT_EQ(h.values.rows(), 100);  // stride ⌈3000/100⌉ = 30
    EXPECT_DOUBLE_EQ(h.x1, 2999.5);
    EXPECT_GE(h.values.minCoeff(), 0.0);
    EXPECT_NE(f.subtitle.find("preview: every 30th position"), std::string::npos) << f.subtitle;
    // Softmax rows need every key: no preview, the full map.
    s.softmax = true;
    s.seq_len = 1000;
    EXPECT_EQ(build_figure(s, options).panels.at(0).heatmap->values.rows(), 1000);
}

}  // namespace
}  // namespace posviz
