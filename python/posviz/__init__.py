"""posviz: Transformer positional encodings, computed and drawn — from Python.

A thin layer over posviz's C++ core (the same library as the ``posviz`` command line). Every
figure that ``posviz list`` names is a function returning its data as a NumPy array (float64, the
shape the README's table gives, bit for bit what ``posviz export FIGURE -o x.npy`` writes)::

    import posviz
    logits = posviz.scores(encoding="rope", seq_len=256, dim=64, causal=True)   # (256, 256)
    fig = posviz.figure("scores", compare=["rope", "alibi"], causal=True)
    fig.save("scores.pdf", size="column")        # every format `posviz export` writes
    fig                                           # shown in Jupyter (SVG, PNG)

Options are the command line's, in Python form: ``--seq-len`` is ``seq_len``, ``--model-config``
is ``model_config``; flags are ``True``/``False``; lists (``dims``, ``compare``) are sequences.
They go through the command line's own option definitions, so the defaults, the checks and the
messages are the command line's. An option left out (or ``None``) is left out of the command line.

Errors: a bad value raises :class:`InputError` (a ``ValueError``) whose message is exactly what
the command line prints after ``posviz: error:`` and whose ``option`` attribute names the
command-line option (``"--seq-len"``); a file that does not exist raises ``FileNotFoundError``, a
directory where a file is wanted ``IsADirectoryError``, a computation over ``max_bytes`` (or the
machine's memory) ``MemoryError`` — each with the same message. Computations release the GIL
and stop on Ctrl-C with ``KeyboardInterrupt``.
"""

from __future__ import annotations

import inspect as _inspect
import json as _json
import os as _os

import numpy as _np

from . import _posviz
from ._posviz import InputError

__all__ = [
    "InputError", "Figure", "figure", "describe", "options", "data_figures", "figure_names",
]

InputError.__doc__ = (
    "A value posviz cannot use: the command line's message (exit status 2 there), e.g. "
    "'--seq-len: got -1; expected a sequence length from 1 to 1048576'. A ValueError; "
    "`option` names the command-line option or file field.")

_OPTIONS = _posviz.options()


def _keyword(name: str) -> str:
    return name.lstrip("-").replace("-", "_")


_SCENE = {_keyword(o["name"]): o for o in _OPTIONS if not o["picture"]}
_PICTURE = {_keyword(o["name"]): o for o in _OPTIONS if o["picture"]}
# Content arrays are passed beside the arguments, not as strings.
_CONTENT = ("queries", "keys")


def options() -> list[dict]:
    """Every option of ``posviz export`` as the command line defines it: a list of dicts with
    ``name`` (``--seq-len``), ``keyword`` (``seq_len``), ``description``, ``default`` (as
    ``posviz list`` shows it, ``""`` for none), ``flag``, ``list`` and ``picture`` (a picture
    option, taken by :meth:`Figure.save` and :func:`figure`)."""
    return [dict(o, keyword=_keyword(o["name"])) for o in _OPTIONS]


def data_figures() -> list[tuple[str, str, str]]:
    """``(name, shape, description)`` of each figure with data, as ``posviz list`` prints them."""
    return [tuple(f) for f in _posviz.data_figures()]


def figure_names() -> list[str]:
    """Every figure :func:`figure` draws (the data figures, ``rotation`` and ``permutation``)."""
    return list(_posviz.figure_names())


def _text(key: str, value) -> str:
    if isinstance(value, (bool, _np.bool_)):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)  # the shortest text that reads back as the same double
    if isinstance(value, (_np.floating,)):
        return repr(float(value))
    if isinstance(value, _os.PathLike):
        return _os.fspath(value)
    return str(value)


def _arguments(name: str, options: dict, allowed: dict, function: str) -> tuple[list, object,
                                                                                   object]:
    """The command line's arguments for `options` (FIGURE first), and the content arrays."""
    args = [name]
    content = {k: options.get(k) for k in _CONTENT}
    arrays = any(v is not None and not isinstance(v, (str, bytes, _os.PathLike))
                 for v in content.values())
    for key, value in options.items():
        if value is None or (arrays and key in _CONTENT):
            continue
        option = allowed.get(key)
        if option is None:
            raise TypeError(f"{function}() got an unexpected keyword argument {key!r}")
        flag = "--" + option["name"].lstrip("-")
        if option["flag"]:
            if value is True or value is _np.True_:
                args.append(flag)
            elif value is False or value is _np.False_:
                pass
            else:  # let the command line's parser say what it thinks of it
                args.append(f"{flag}={_text(key, value)}")
            continue
        if option["list"] and not isinstance(value, (str, bytes)):
            try:
                value = ",".join(_text(key, v) for v in value)
            except TypeError:
                pass
        args.append(f"{flag}={_text(key, value)}")
    # Arrays go beside the arguments (a path given with an array is refused by the core).
    queries, keys = (content["queries"], content["keys"]) if arrays else (None, None)
    return args, queries, keys


def _check_dtype(dtype) -> str:
    text = {_np.float64: "f64", _np.float32: "f32", "float64": "f64",
            "float32": "f32"}.get(dtype, dtype)
    if isinstance(dtype, _np.dtype):
        text = {"float64": "f64", "float32": "f32"}.get(dtype.name, dtype.name)
    if text not in ("f64", "f32"):
        raise InputError(f"--dtype: got {text}; expected f64 or f32")
    return text


def _figure_data(name: str, options: dict, dtype="f64", function: str = "") -> _np.ndarray:
    args, queries, keys = _arguments(name, options, _SCENE, function or name)
    array, _columns = _posviz.data(args, queries, keys)
    return array.astype(_np.float32) if _check_dtype(dtype) == "f32" else array


class Figure:
    """One figure: its options, drawn on demand. Jupyter shows it (``_repr_svg_``,
    ``_repr_png_``); :meth:`save` writes it as ``posviz export`` does; :attr:`data` holds the
    numbers behind it."""

    def __init__(self, name: str, **options):
        names = _posviz.figure_names()
        if name not in names:  # build_figure's words (core/figures/build_figure.cpp)
            error = InputError(f"FIGURE: got {name}; expected one of {'|'.join(names)}")
            error.option = "FIGURE"
            raise error
        self.name = name
        scene = {k: v for k, v in options.items() if k not in _PICTURE}
        self._picture = {k: v for k, v in options.items() if k in _PICTURE}
        self._args, self._queries, self._keys = _arguments(name, scene, _SCENE, "figure")
        self._options = scene
        self._data = None
        # Checked now, as the command line would before drawing: a bad option raises here.
        self._picture_args(self._picture)
        _posviz.content_addresses(self._args, self._queries, self._keys)

    def _picture_args(self, picture: dict) -> list:
        merged = dict(self._picture, **picture)
        args, _, _ = _arguments(self.name, merged, _PICTURE, "save")
        return self._args + args[1:]

    def render(self, format: str = "svg", **picture) -> bytes:
        """The picture's bytes: ``format`` png, svg or pdf; picture options as in :meth:`save`."""
        return _posviz.render(self._picture_args(picture), "." + format.lstrip("."),
                              self._queries, self._keys)

    def save(self, path, *, dtype="f64", **picture) -> None:
        """Writes the figure to `path` as ``posviz export ... -o path`` does: .npy/.csv (its
        data; ``dtype`` "f64" or "f32" for .npy), .png/.svg/.pdf (the picture), .gif/.mp4 (the
        rotation figure's animation). Picture options, e.g. ``size="column"`` (column, text,
        slide, poster), ``dpi=300``, ``width``/``height`` (inches), ``theme="dark"``,
        ``font_size``, ``colormap``, ``title``, ``lang="zh"``, ``frames``, ``fps``; they replace
        those given to :func:`figure`. Written whole or not at all."""
        _posviz.save(self._picture_args(picture), _os.fspath(path), _check_dtype(dtype),
                     self._queries, self._keys)

    @property
    def data(self) -> dict:
        """The numbers behind the figure, as NumPy arrays. For a figure with data (``posviz
        list``): ``"values"`` (the array its .npy export holds) and, for a 2-D table, each
        column by its CSV name. For ``rotation`` and ``permutation``: each panel's heatmap
        (keyed by panel title), arrows (``"title: arrows"``, (n, 4) arrays of x0, y0, x1, y1)
        and curves (``"title: label"``, (n, 2) arrays of x, y)."""
        if self._data is None:
            if self.name in _DATA_FIGURES:
                values, columns = _posviz.data(self._args, self._queries, self._keys)
                self._data = {"values": values}
                if values.ndim == 2 and len(columns) == values.shape[1]:
                    for i, column in enumerate(columns):
                        self._data.setdefault(column, values[:, i])
            else:
                self._data = dict(_posviz.figure_model(self._picture_args({}), self._queries,
                                                      self._keys))
        return self._data

    def _repr_svg_(self) -> str:
        return self.render("svg").decode("utf-8")

    def _repr_png_(self) -> bytes:
        return self.render("png")

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self._options.items()
                          if not hasattr(v, "shape"))
        return f"posviz.Figure({self.name!r}{', ' if shown else ''}{shown})"


def figure(name: str, **options) -> Figure:
    """The figure `name` (any of :func:`figure_names`, e.g. "scores", "rotation", "base-bound"
    or "base_bound") with the command line's scene options and, optionally, picture options
    that :meth:`Figure.save` and the Jupyter display use. Bad options raise here."""
    return Figure(name.replace("_", "-"), **options)


def describe(path=None, *, model_config=None, model=None) -> dict:
    """What a Hugging Face model does with positions, layer by layer: the JSON of
    ``posviz describe --json`` as a dict, with the table ``posviz describe`` prints under
    ``"text"``. `path` is a config.json (``--model-config``) or a model folder (``--model``);
    or name one with the keywords."""
    if path is not None:
        if model_config is not None or model is not None:
            raise TypeError("describe() takes a path or model_config= or model=, not several")
        if _os.path.isdir(path):
            model = path
        else:
            model_config = path
    args = []
    if model_config is not None:
        args.append("--model-config=" + _os.fspath(model_config))
    if model is not None:
        args.append("--model=" + _os.fspath(model))
    document, text = _posviz.describe(args)
    result = _json.loads(document)
    result["text"] = text
    return result


# One function per figure, named as `posviz list` names them (base-bound: base_bound).
_REFERENCES = {
    "pe": "PE[pos, 2i] = sin(pos·ω_i), PE[pos, 2i+1] = cos(pos·ω_i), ω_i = base^(−2i/D) "
          "(Vaswani et al. 2017, \"Attention Is All You Need\", §3.5), or a learned table.",
    "wavelengths": "θ_i = base^(−2i/D) and the wavelength 2π/θ_i of each pair "
                   "(Vaswani et al. 2017; RoPE: Su et al. 2021, RoFormer, eq. 15), after any "
                   "context-extension scaling.",
    "curves": "PE[pos, d] for the dims `dims` (Vaswani et al. 2017, §3.5).",
    "similarity": "PE(i)·PE(j), which for sinusoidal PE depends on i − j only "
                  "(Vaswani et al. 2017).",
    "scores": "logit[m, n] = q_m·k_n/√D under the encoding, plus any positional bias; RoPE "
              "rotates q and k (Su et al. 2021, RoFormer, eq. 14–16), ALiBi adds −slope·|m−n| "
              "(Press et al. 2022), T5 a bucketed bias (Raffel et al. 2020), Shaw relative keys "
              "(Shaw et al. 2018, eq. 5), Transformer-XL its four terms (Dai et al. 2019, §3.3), "
              "xPos a decay (Sun et al. 2023), KERPLE (Chi et al. 2022), FIRE (Li et al. 2024).",
    "terms": "the four logit terms: additive PE (x+p)·(x+p) = x·x + x·p + p·x + p·p, "
             "Transformer-XL's (a)–(d) (Dai et al. 2019, §3.3).",
    "bias": "b[m, n]: ALiBi −slope_h·|m−n| (Press et al. 2022), KERPLE log/power kernels "
            "(Chi et al. 2022), FIRE (Li et al. 2024), T5 buckets (Raffel et al. 2020).",
    "buckets": "T5's relative position bucket of key − query (Raffel et al. 2020; "
               "transformers' _relative_position_bucket).",
    "decay": "RoFormer §3.4.3's long-term decay bound (1/(D/2))·Σ_j |S_j|, "
             "S_j = Σ_{k<j} e^{i·r·θ_k} (Su et al. 2021); xPos scales pair k by ζ_k^(r/B) "
             "(Sun et al. 2022, arXiv:2212.10554).",
    "turns": "turns of each RoPE pair within the training length and at L, before and after "
             "scaling (YaRN, Peng et al. 2023 §3.2); the critical dimension of Liu et al. 2023 "
             "(arXiv:2310.05209).",
    "scalings": "each pair's wavelength under none, linear (PI, Chen et al. 2023), ntk, dynamic, "
                "yarn (Peng et al. 2023), llama3 and the model's own (transformers' "
                "modeling_rope_utils).",
    "extrapolation": "the largest |logit| at each distance r under each scaling, over the first "
                     "16 content pairs (core/analyses/rope_extension.h).",
    "pca": "absolute PE rows projected on their 3 principal components.",
    "scale-factors": "θ′_i/θ_i of each RoPE pair under none, linear, ntk, dynamic, yarn, llama3 "
                     "and the model's own (transformers' modeling_rope_utils: Llama 3.1's bands, "
                     "YaRN's ramp, Peng et al. 2023 eq. 17–18).",
    "base-bound": "f_b(m) = Σ_{i<d/2} cos(m·b^(−2i/d)) for the scene's base b and rotary dim d "
                  "(Men et al. 2024, \"Base of RoPE Bounds Context Length\", arXiv:2405.14591).",
}

_DATA_FIGURES = {name: (shape, description) for name, shape, description in
                 _posviz.data_figures()}


def _parameters_text(table: dict) -> str:
    lines = []
    for key, o in table.items():
        default = f" (default {o['default']})" if o["default"] else ""
        lines.append(f"    {key}: {o['description']}{default}")
    return "\n".join(lines)


_SCENE_PARAMETERS = _parameters_text(_SCENE)
_SIGNATURE = _inspect.Signature(
    [_inspect.Parameter(k, _inspect.Parameter.KEYWORD_ONLY, default=None) for k in _SCENE]
    + [_inspect.Parameter("dtype", _inspect.Parameter.KEYWORD_ONLY, default="f64")])


def _make_data_function(name: str):
    shape, description = _DATA_FIGURES[name]
    python_name = name.replace("-", "_")

    def function(*, dtype="f64", **options) -> _np.ndarray:
        return _figure_data(name, options, dtype, python_name)

    function.__name__ = function.__qualname__ = python_name
    function.__signature__ = _SIGNATURE
    function.__doc__ = (
        f"The {name} figure's data: {description}.\n\n"
        f"{_REFERENCES.get(name, '')}\n\n"
        f"Returns a NumPy array of shape {shape}, float64 (float32 with dtype=\"f32\"), equal "
        f"bit for bit to `posviz export {name} ... -o x.npy`.\n\n"
        f"Parameters (the options of `posviz export`; left out: the command line's default;\n"
        f"queries/keys also take NumPy arrays of shape (L, D), read without a copy when\n"
        f"C-contiguous float64):\n{_SCENE_PARAMETERS}\n"
        f"    dtype: \"f64\" or \"f32\" (--dtype)\n")
    return function


for _name in _DATA_FIGURES:
    _function = _make_data_function(_name)
    globals()[_function.__name__] = _function
    __all__.append(_function.__name__)


def _make_picture_function(name: str, summary: str):
    def function(**options) -> Figure:
        return figure(name, **options)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = (
        f"The {name} figure ({summary}); it has no data table, so this returns a Figure "
        f"(Jupyter shows it; .save(path), .data for its heatmaps and curves).\n\n"
        f"Parameters: the options of `posviz export`, as for posviz.scores, and picture "
        f"options.\n")
    return function


rotation = _make_picture_function(
    "rotation", "RoPE pairs turning as m advances and q_m·k_0, Su et al. 2021, RoFormer; "
    "save as .gif/.mp4 for the animation")
permutation = _make_picture_function(
    "permutation", "attention of X and of a permuted PX with and without PE, and the "
    "residuals: without PE attention is permutation-equivariant")
__all__ += ["rotation", "permutation"]

del _name, _function
