"""Every data figure's array equals the command line's .npy export bit for bit (float64), on a
small grid of options per figure."""

import numpy as np
import pytest

import posviz
from conftest import LLAMA, same_bits

GRID = {
    "pe": [dict(encoding="sinusoidal", seq_len=16, dim=8),
           dict(encoding="sinusoidal", seq_len=9, dim=6, sinusoidal_layout="halves", base=100.5),
           dict(encoding="learned", seq_len=12, dim=4, seed=7),
           dict(encoding="learned", seq_len=8, dim=4, seed=3, max_len=20)],
    "wavelengths": [dict(encoding="rope", dim=16),
                    dict(encoding="sinusoidal", dim=10, base=500.0),
                    dict(model_config=LLAMA, seq_len=32768)],
    "curves": [dict(encoding="sinusoidal", seq_len=20, dim=16, dims=[0, 3, 9])],
    "similarity": [dict(encoding="sinusoidal", seq_len=17, dim=8)],
    "scores": [dict(encoding="rope", seq_len=16, dim=8),
               dict(encoding="rope", seq_len=12, dim=8, rope_style="half", rotary_fraction=0.5,
                    causal=True),
               dict(encoding="alibi", seq_len=10, dim=4, heads=4, head=1, causal=True,
                    softmax=True),
               dict(encoding="t5", seq_len=10, dim=4, bidirectional=True),
               dict(encoding="xl", seq_len=8, dim=4, seed=3),
               dict(encoding="shaw", seq_len=8, dim=4, shaw_clip=3),
               dict(encoding="kerple", seq_len=8, dim=4, kerple="power", kerple_r2=1.5),
               dict(encoding="fire", seq_len=8, dim=4),
               dict(encoding="xpos", seq_len=8, dim=8, content="ones"),
               dict(encoding="nope", dim=4, content="sentence",
                    sentence="dog bites man")],
    "terms": [dict(encoding="sinusoidal", seq_len=8, dim=4),
              dict(encoding="xl", seq_len=6, dim=4)],
    "bias": [dict(encoding="alibi", seq_len=9, heads=8, head=3),
             dict(encoding="kerple", seq_len=9), dict(encoding="fire", seq_len=9),
             dict(encoding="t5", seq_len=9, num_buckets=8, max_distance=16)],
    "buckets": [dict(encoding="t5", seq_len=12, num_buckets=8, max_distance=10)],
    "decay": [dict(encoding="rope", seq_len=40, dim=16), dict(encoding="xpos", seq_len=30, dim=8)],
    "turns": [dict(model_config=LLAMA, seq_len=16384)],
    "scalings": [dict(model_config=LLAMA), dict(encoding="rope", dim=32, rope_scaling="yarn",
                                                factor=4.0, original_max_pos=2048)],
    "extrapolation": [dict(encoding="rope", seq_len=64, dim=16, rope_scaling="linear",
                           factor=2.0, original_max_pos=32)],
    "pca": [dict(encoding="sinusoidal", seq_len=32, dim=16)],
    "base-bound": [dict(seq_len=64, dim=16), dict(seq_len=100, dim=32, base=500000.0)],
    "scale-factors": [dict(model_config=LLAMA), dict(encoding="rope", dim=32, rope_scaling="yarn",
                                                     factor=4.0, original_max_pos=2048)],
}


def cases():
    for figure, grid in GRID.items():
        for i, options in enumerate(grid):
            yield pytest.param(figure, options, id=f"{figure}-{i}")


def test_grid_covers_every_data_figure():
    assert set(GRID) == {name for name, _, _ in posviz.data_figures()}


@pytest.mark.parametrize("figure,options", cases())
def test_bit_for_bit(figure, options, cli_export):
    function = getattr(posviz, figure.replace("-", "_"))
    mine = function(**options)
    theirs = cli_export(figure, options)
    assert mine.dtype == np.float64 and mine.flags.c_contiguous
    assert same_bits(mine, theirs)


def test_defaults_are_the_command_lines(cli_export):
    # No options at all: scores of rope, L = 128, D = 64, random content with seed 0.
    assert same_bits(posviz.scores(), cli_export("scores", {}))
    assert posviz.scores().shape == (128, 128)


def test_float32(cli_export):
    mine = posviz.pe(encoding="sinusoidal", seq_len=8, dim=4, dtype="f32")
    assert same_bits(mine, cli_export("pe", dict(encoding="sinusoidal", seq_len=8, dim=4),
                                      ["--dtype", "f32"]))


def test_resolution_gives_the_map_as_drawn(cli_export):
    options = dict(encoding="rope", seq_len=64, dim=8, resolution=16)
    mine = posviz.scores(**options)
    assert mine.shape == (16, 16)
    assert same_bits(mine, cli_export("scores", options))


def test_shapes_as_the_readme_says():
    assert posviz.terms(encoding="sinusoidal", seq_len=5, dim=4).shape == (4, 5, 5)
    assert posviz.wavelengths(dim=16).shape == (8, 3)
    assert posviz.curves(encoding="sinusoidal", seq_len=7, dims=[1, 2]).shape == (7, 2)
    assert posviz.base_bound(seq_len=10, dim=8).shape == (10, 2)
