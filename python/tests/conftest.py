"""Shared helpers: the built command line (POSVIZ_BINARY, set by CTest; else build/app/posviz) and
its exports, which the module's results must equal bit for bit."""

import os
import subprocess
import sys

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("POSVIZ_BINARY", os.path.join(ROOT, "build", "app", "posviz"))
LLAMA = os.path.join(ROOT, "tests", "data", "hf-configs", "llama-3.1-8b.json")


@pytest.fixture(scope="session")
def posviz_binary():
    if not os.access(BINARY, os.X_OK):
        pytest.fail(f"the posviz binary is not built: {BINARY} (set POSVIZ_BINARY)")
    return BINARY


def cli_args(options):
    """posviz.figure-style keyword options as command-line arguments."""
    args = []
    for key, value in options.items():
        flag = "--" + key.replace("_", "-")
        if value is True:
            args.append(flag)
        elif isinstance(value, (list, tuple)):
            args.append(f"{flag}={','.join(str(v) for v in value)}")
        else:
            args.append(f"{flag}={value}")
    return args


def run_cli(binary, args, check=True):
    result = subprocess.run([binary, *args], capture_output=True, text=True, timeout=300)
    if check and result.returncode != 0:
        raise AssertionError(f"posviz {' '.join(args)} failed: {result.stderr}")
    return result


@pytest.fixture
def cli_export(posviz_binary, tmp_path):
    """np.load of `posviz export FIGURE options -o x.npy`."""
    def export(figure, options, extra=()):
        out = tmp_path / "cli.npy"
        run_cli(posviz_binary, ["export", figure, *cli_args(options), *extra, "-o", str(out)])
        return np.load(out)
    return export


def same_bits(a, b):
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def run_python(code, timeout=120):
    """Runs `code` in a fresh interpreter with this one's sys.path (the built module)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=timeout, env=env)
