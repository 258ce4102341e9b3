"""The type stub lists every option with its type and default, as make_stub.py writes it."""

import importlib.util
import os

import posviz

HERE = os.path.dirname(os.path.abspath(__file__))
# Loaded by path: python/ on sys.path would shadow the built package with its sources.
_spec = importlib.util.spec_from_file_location("make_stub",
                                               os.path.join(os.path.dirname(HERE), "make_stub.py"))
make_stub = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_stub)


def test_stub_is_current():
    with open(os.path.join(os.path.dirname(HERE), "posviz", "__init__.pyi"),
              encoding="utf-8") as f:
        assert f.read() == make_stub.stub_text(), \
            "run: PYTHONPATH=build/python /usr/bin/python3 python/make_stub.py"


def test_stub_has_every_option():
    text = make_stub.stub_text()
    for option in posviz.options():
        assert f"    {option['keyword']}: " in text
    assert "    seq_len: int = 128," in text
    assert "    encoding: str = 'rope'," in text
    assert "    causal: bool = False," in text
    for name, _, _ in posviz.data_figures():
        assert f"def {name.replace('-', '_')}(" in text
