"""Bad input raises the command line's message as a Python exception, and the interpreter goes
on: InputError (a ValueError) for values, FileNotFoundError, IsADirectoryError, MemoryError."""

import numpy as np
import pytest

import posviz
from conftest import run_cli


def cli_message(binary, args):
    result = run_cli(binary, ["export", *args, "-o", "/tmp/posviz-unused.npy"], check=False)
    assert result.returncode == 2
    line = result.stderr.splitlines()[0]
    return line.removeprefix("posviz: error: ")


def test_seq_len_negative(posviz_binary):
    with pytest.raises(ValueError) as e:
        posviz.scores(seq_len=-1)
    assert isinstance(e.value, posviz.InputError)
    assert str(e.value) == "--seq-len: got -1; expected a sequence length from 1 to 1048576"
    assert str(e.value) == cli_message(posviz_binary, ["scores", "--seq-len=-1"])
    assert e.value.option == "--seq-len"


def test_dim_not_a_number(posviz_binary):
    with pytest.raises(posviz.InputError) as e:
        posviz.pe(dim="x")
    assert str(e.value) == "Could not convert: --dim = x"
    assert str(e.value) == cli_message(posviz_binary, ["pe", "--dim=x"])


def test_encoding_the_figure_cannot_show(posviz_binary):
    with pytest.raises(posviz.InputError) as e:
        posviz.pe(encoding="rope")
    assert str(e.value) == cli_message(posviz_binary, ["pe", "--encoding=rope"])
    assert "--encoding: got rope" in str(e.value)


def test_pe_without_an_encoding_draws_the_sinusoidal_one():
    # The default encoding (rope) has no PE matrix: pe, curves, similarity and pca take Vaswani's.
    assert np.array_equal(posviz.pe(seq_len=8, dim=4), posviz.pe(seq_len=8, dim=4,
                                                             encoding="sinusoidal"))


def test_unknown_keyword_is_a_type_error():
    with pytest.raises(TypeError, match="unexpected keyword argument 'seqlen'"):
        posviz.scores(seqlen=4)


def test_unknown_figure():
    with pytest.raises(posviz.InputError, match="FIGURE: got nosuch"):
        posviz.figure("nosuch")


def test_wrong_shape():
    with pytest.raises(posviz.InputError) as e:
        posviz.scores(seq_len=8, dim=4, queries=np.zeros((8, 5)), keys=np.zeros((8, 5)))
    assert str(e.value) == ("--queries: got an array of shape (8, 5); expected shape (8, 4) "
                            "(--seq-len, --dim)")
    with pytest.raises(posviz.InputError, match=r"--queries: got an array of shape \(32,\)"):
        posviz.scores(queries=np.zeros(32), keys=np.zeros(32))


def test_nan():
    q = np.ones((8, 4))
    q[3, 2] = np.nan
    with pytest.raises(posviz.InputError) as e:
        posviz.scores(seq_len=8, dim=4, queries=q, keys=np.ones((8, 4)))
    assert str(e.value) == ("--queries: got an array containing a non-finite value; "
                            "expected finite numbers")


def test_one_array_alone():
    with pytest.raises(posviz.InputError, match="--keys: got \\(missing\\)"):
        posviz.scores(queries=np.ones((128, 64)))


def test_missing_file(posviz_binary, tmp_path):
    missing = str(tmp_path / "nope.json")
    with pytest.raises(FileNotFoundError) as e:
        posviz.wavelengths(model_config=missing)
    assert str(e.value) == cli_message(posviz_binary, ["wavelengths", "--model-config", missing])
    with pytest.raises(FileNotFoundError):
        posviz.scores(queries=str(tmp_path / "q.npy"), keys=str(tmp_path / "k.npy"))
    with pytest.raises(FileNotFoundError):
        posviz.describe(model=str(tmp_path / "no-model"))


def test_directory(posviz_binary, tmp_path):
    with pytest.raises(IsADirectoryError) as e:
        posviz.wavelengths(model_config=tmp_path)
    assert str(e.value) == cli_message(posviz_binary, ["wavelengths", "--model-config",
                                                       str(tmp_path)])
    with pytest.raises(IsADirectoryError):
        posviz.pe(encoding="learned", table=tmp_path)


def test_memory_budget(posviz_binary):
    with pytest.raises(MemoryError) as e:
        posviz.scores(seq_len=65536)
    assert str(e.value) == cli_message(posviz_binary, ["scores", "--seq-len=65536"])
    assert "--max-bytes" in str(e.value)


def test_picture_option_checked_at_save(tmp_path):
    fig = posviz.figure("decay")
    with pytest.raises(posviz.InputError, match="--dpi: got 5; expected an integer in 10..1200"):
        fig.save(tmp_path / "x.png", dpi=5)
    with pytest.raises(posviz.InputError, match="-o: got"):
        fig.save(tmp_path / "x.txt")


def test_the_interpreter_keeps_running():
    for bad in (dict(seq_len=-1), dict(dim="x"), dict(base=float("nan"))):
        with pytest.raises(ValueError):
            posviz.scores(**bad)
    assert posviz.scores(seq_len=4, dim=2).shape == (4, 4)
