"""Queries and keys as NumPy arrays: a C-contiguous float64 array is read where it lies (the core
sees the array's own buffer); Fortran-order, float32 and integer arrays work through a converted
copy; results equal the command line's with the same content in .npy files."""

import numpy as np
import pytest

import posviz
from posviz import _posviz
from conftest import same_bits

L, D = 12, 8


def content(seed=1):
    rng = np.random.default_rng(seed)
    return rng.standard_normal((L, D)), rng.standard_normal((L, D))


def test_c_contiguous_float64_is_not_copied():
    q, k = content()
    addresses = _posviz.content_addresses(["scores", f"--seq-len={L}", f"--dim={D}"], q, k)
    assert addresses == (q.ctypes.data, k.ctypes.data)


def test_other_layouts_are_converted():
    q, k = content()
    qf = np.asfortranarray(q)
    addresses = _posviz.content_addresses(["scores"], qf, k[::1])
    assert addresses[0] != qf.ctypes.data and addresses[1] == k.ctypes.data


@pytest.mark.parametrize("figure", ["scores", "terms"])
def test_arrays_equal_files(figure, tmp_path, cli_export):
    q, k = content()
    encoding = "rope" if figure == "scores" else "sinusoidal"
    mine = getattr(posviz, figure)(encoding=encoding, seq_len=L, dim=D, queries=q, keys=k)
    np.save(tmp_path / "q.npy", q)
    np.save(tmp_path / "k.npy", k)
    theirs = cli_export(figure, dict(encoding=encoding, seq_len=L, dim=D,
                                     queries=tmp_path / "q.npy", keys=tmp_path / "k.npy"))
    assert same_bits(mine, theirs)
    # Paths work as on the command line.
    by_path = getattr(posviz, figure)(encoding=encoding, seq_len=L, dim=D,
                                      queries=tmp_path / "q.npy", keys=str(tmp_path / "k.npy"))
    assert same_bits(by_path, theirs)


def test_fortran_float32_and_views():
    q, k = content()
    expected = posviz.scores(seq_len=L, dim=D, queries=q, keys=k)
    assert same_bits(posviz.scores(seq_len=L, dim=D, queries=np.asfortranarray(q),
                                   keys=np.asfortranarray(k)), expected)
    wide = np.zeros((L, 2 * D))
    wide[:, ::2] = q
    assert same_bits(posviz.scores(seq_len=L, dim=D, queries=wide[:, ::2], keys=k), expected)
    q32, k32 = q.astype(np.float32), k.astype(np.float32)
    assert same_bits(posviz.scores(seq_len=L, dim=D, queries=q32, keys=k32),
                     posviz.scores(seq_len=L, dim=D, queries=q32.astype(np.float64),
                                   keys=k32.astype(np.float64)))
    ones = np.ones((L, D), dtype=np.int64)
    assert same_bits(posviz.scores(seq_len=L, dim=D, queries=ones, keys=ones),
                     posviz.scores(seq_len=L, dim=D, content="ones"))


def test_the_array_is_not_changed():
    q, k = content()
    before = q.copy()
    posviz.scores(seq_len=L, dim=D, queries=q, keys=k)
    assert same_bits(q, before)


def test_memory_stays_within_one_copy():
    # A 4096 x 1024 input (32 MiB): handing it to the core (parsed options, the scene holding
    # the arrays) must not raise the process's high-water mark by anything like a copy.
    import resource
    q = np.random.default_rng(0).standard_normal((4096, 1024))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    _posviz.content_addresses(["scores", "--seq-len=4096", "--dim=1024"], q, q)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert (after - before) * 1024 < q.nbytes / 4
