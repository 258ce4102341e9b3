"""posviz.figure: Jupyter's SVG and PNG, save() in every format the command line writes, .data."""

import os
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import posviz
from conftest import LLAMA, same_bits, run_cli

SVG = "{http://www.w3.org/2000/svg}"


def svg_text(svg):
    root = ET.fromstring(svg)
    return root, " ".join(t for e in root.iter() for t in [e.text or ""]).strip()


def test_repr_svg_is_svg_with_the_title():
    fig = posviz.figure("decay", encoding="rope", dim=32, seq_len=64)
    root, text = svg_text(fig._repr_svg_())
    assert root.tag == SVG + "svg"
    assert "decay" in text.lower()
    custom = posviz.figure("decay", title="My decay curve")
    _, text = svg_text(custom._repr_svg_())
    assert "My decay curve" in text


def test_repr_png():
    png = posviz.figure("scores", seq_len=16, dim=8)._repr_png_()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.parametrize("extension", [".png", ".svg", ".pdf", ".npy", ".csv"])
def test_save_like_the_command_line(extension, tmp_path, posviz_binary):
    options = dict(encoding="alibi", seq_len=12, heads=4)
    mine, theirs = tmp_path / ("mine" + extension), tmp_path / ("cli" + extension)
    posviz.figure("bias", **options).save(mine, size="column", dpi=100)
    run_cli(posviz_binary, ["export", "bias", "--encoding=alibi", "--seq-len=12", "--heads=4",
                            "--size=column", "--dpi=100", "-o", str(theirs)])
    assert mine.read_bytes() == theirs.read_bytes()


def test_save_animation(tmp_path):
    out = tmp_path / "r.gif"
    posviz.rotation(dim=16, frames=3, dpi=20).save(out)
    assert out.read_bytes().startswith(b"GIF8")
    with pytest.raises(posviz.InputError, match="only the rotation figure animates"):
        posviz.figure("decay").save(tmp_path / "d.gif")


def test_save_f32(tmp_path):
    posviz.figure("pe", encoding="sinusoidal", seq_len=4, dim=4).save(tmp_path / "p.npy",
                                                                       dtype="f32")
    assert np.load(tmp_path / "p.npy").dtype == np.float32


def test_data_of_a_data_figure():
    fig = posviz.figure("base_bound", seq_len=32, dim=16)
    assert set(fig.data) >= {"values"}
    assert same_bits(fig.data["values"], posviz.base_bound(seq_len=32, dim=16))
    assert len(fig.data) == 3  # values and its two columns


def test_data_of_picture_figures():
    perm = posviz.permutation(content="sentence", sentence="dog bites man").data
    assert perm and all(isinstance(v, np.ndarray) for v in perm.values())
    assert any(v.shape == (3, 3) for v in perm.values())
    rot = posviz.rotation(dim=16).data
    assert rot


def test_picture_options_given_to_figure_are_kept(tmp_path):
    fig = posviz.figure("decay", theme="dark", size="column")
    a, b = tmp_path / "a.svg", tmp_path / "b.svg"
    fig.save(a)
    posviz.figure("decay").save(b, theme="dark", size="column")
    assert a.read_bytes() == b.read_bytes()


def test_describe(posviz_binary):
    described = posviz.describe(LLAMA)
    cli = run_cli(posviz_binary, ["describe", "--model-config", LLAMA, "--json"]).stdout
    import json
    assert {k: v for k, v in described.items() if k != "text"} == json.loads(cli)
    assert described["text"] == run_cli(posviz_binary, ["describe", "--model-config",
                                                        LLAMA]).stdout
    assert posviz.describe(model_config=LLAMA) == described


def test_every_function_is_documented():
    for name, shape, _ in posviz.data_figures():
        function = getattr(posviz, name.replace("-", "_"))
        assert shape in function.__doc__
        assert "seq_len" in function.__doc__ and "(default 128)" in function.__doc__
        assert "et al." in function.__doc__ or name == "pca" or name == "extrapolation"
    for function in (posviz.rotation, posviz.permutation, posviz.figure, posviz.describe,
                     posviz.Figure.save):
        assert function.__doc__


def test_options_mirror_the_command_line(posviz_binary):
    listed = run_cli(posviz_binary, ["list"]).stdout
    for option in posviz.options():
        assert f"  {option['name']} " in listed
        assert option["keyword"] == option["name"][2:].replace("-", "_")
