// _posviz: the compiled part of the Python module `posviz` (python/posviz/__init__.py wraps it).
// Every function takes the arguments of `posviz export FIGURE [options]` as strings, parsed by the
// command line's own option definitions (app/cli/figure_request.h), so the names, defaults,
// checks and messages are the command line's. Queries and keys may come as NumPy arrays: a
// C-contiguous float64 array is read where it lies (ContentArrays in core/scene.h), any other is
// converted to one first.
//
// Errors: InputError → posviz.InputError (a ValueError), FileNotFoundError, IsADirectoryError or
// MemoryError by its cause, with the message the command line prints after "posviz: error: ";
// CLI11's parse errors → posviz.InputError with CLI11's message. Computations run on a worker
// thread with the GIL released; the calling thread checks for signals every 50 ms and cancels the
// computation (core/cancellation.h) when a handler raises, e.g. KeyboardInterrupt on Ctrl-C.
#include <Python.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/cli/figure_options.h"
#include "app/cli/figure_request.h"
#include "app/cli/rope_scaling_options.h"
#include "core/cancellation.h"
#include "core/figure_data.h"
#include "core/figures/figures.h"
#include "core/formats/hf_config.h"
#include "core/formats/hf_config/describe_model.h"
#include "core/formats/hf_config/model_scene.h"
#include "core/input_error.h"

namespace py = pybind11;

namespace posviz {

namespace {

PyObject* g_input_error = nullptr;  // posviz.InputError, a ValueError

// Raises `type(message)` with `option` as an attribute (the command-line option it names).
void raise_with_option(PyObject* type, const std::string& message, const std::string& option) {
    py::object error = py::reinterpret_borrow<py::object>(type)(message);
    error.attr("option") = option;
    PyErr_SetObject(type, error.ptr());
    throw py::error_already_set();
}

[[noreturn]] void raise_input_error(const InputError& e) {
    PyObject* type = g_input_error;
    switch (e.cause) {
        case InputErrorCause::NoSuchFile:
            type = PyExc_FileNotFoundError;
            break;
        case InputErrorCause::Directory:
            type = PyExc_IsADirectoryError;
            break;
        case InputErrorCause::Memory:
            type = PyExc_MemoryError;
            break;
        case InputErrorCause::Value:
            break;
    }
    raise_with_option(type, e.what(), e.option);
    throw py::error_already_set();  // not reached
}

// Runs `f` with the library's errors turned into Python's (see the top of this file).
template <class F>
auto translating_errors(F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const InputError& e) {
        raise_input_error(e);
    } catch (const CLI::ParseError& e) {
        raise_with_option(g_input_error, e.what(), "");
    } catch (const std::bad_alloc&) {
        // The command line's message for the same case (app/main.cpp).
        raise_with_option(PyExc_MemoryError,
                          "out of memory: the computation does not fit in the memory this machine "
                          "has free; lower --seq-len or --dim, or --max-bytes",
                          "--max-bytes");
    }
    throw py::error_already_set();  // not reached
}

// Runs `f` on a worker thread with the GIL released, checking for signals every 50 ms on the
// calling thread; a handler that raises (KeyboardInterrupt) cancels the work, which stops at its
// next check, and the exception is raised here. Library errors are translated as above.
template <class F>
auto interruptible(F&& f) -> decltype(f()) {
    using Result = decltype(f());
    CancellationToken token;
    std::optional<Result> result;
    std::exception_ptr error;
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    bool interrupted = false;
    PyThreadState* saved = PyEval_SaveThread();
    std::thread worker([&] {
        const CancellationScope scope(token);
        try {
            result.emplace(f());
        } catch (...) {
            error = std::current_exception();
        }
        const std::lock_guard lock(mutex);
        done = true;
        finished.notify_all();
    });
    for (;;) {
        std::unique_lock lock(mutex);
        if (finished.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; })) break;
        lock.unlock();
        PyEval_RestoreThread(saved);
        const bool raised = PyErr_CheckSignals() != 0;
        PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
        if (raised) PyErr_Fetch(&type, &value, &traceback);  // kept while the GIL is released
        saved = PyEval_SaveThread();
        if (raised) {
            token.cancel();
            worker.join();
            PyEval_RestoreThread(saved);
            PyErr_Restore(type, value, traceback);
            throw py::error_already_set();
        }
    }
    worker.join();
    PyEval_RestoreThread(saved);
    (void)interrupted;
    if (error) {
        return translating_errors([&]() -> Result { std::rethrow_exception(error); });
    }
    return std::move(*result);
}

std::string shape_text(const py::array& a) {
    std::string text = "(";
    for (py::ssize_t i = 0; i < a.ndim(); ++i) text += (i ? ", " : "") + std::to_string(a.shape(i));
    return text + (a.ndim() == 1 ? ",)" : ")");
}

// A float64 C-order view of `object` for --queries/--keys: the array itself when it is one (no
// copy), else a converted copy. InputError naming the option for what cannot be content.
py::array_t<double> content_array(const py::object& object, const char* option) {
    using CArray = py::array_t<double, py::array::c_style | py::array::forcecast>;
    if (py::isinstance<CArray>(object)) return py::reinterpret_borrow<CArray>(object);
    py::array array;
    if (py::isinstance<py::array>(object)) {
        array = py::reinterpret_borrow<py::array>(object);
    } else {
        throw InputError(option, std::string(py::str(py::type::handle_of(object).attr("__name__"))),
                         "a NumPy array of shape (L, D), or a path to an .npy file");
    }
    const char kind = array.dtype().kind();
    if (kind != 'f' && kind != 'i' && kind != 'u' && kind != 'b')
        throw InputError(option, "an array of dtype " + std::string(py::str(array.dtype())),
                         "real numbers (float64, float32, integers)");
    return CArray::ensure(array);
}

struct Content {
    py::array_t<double> queries, keys;  // keep the memory alive for the call
};

// Puts in-memory queries and keys (None: not given) into the request's scene.
std::optional<Content> attach_content(FigureRequest& request, const py::object& queries,
                                      const py::object& keys) {
    if (queries.is_none() && keys.is_none()) return std::nullopt;
    if (queries.is_none() || keys.is_none())
        throw InputError(queries.is_none() ? "--queries" : "--keys", "(missing)",
                         "--queries and --keys given together");
    Content c{content_array(queries, "--queries"), content_array(keys, "--keys")};
    for (const auto& [array, option] :
         {std::pair{&c.queries, "--queries"}, std::pair{&c.keys, "--keys"}})
        if (array->ndim() != 2)
            throw InputError(option, "an array of shape " + shape_text(*array),
                             "a 2-D array of shape (L, D) (--seq-len, --dim)");
    if (!request.scene.queries_path.empty() || !request.scene.keys_path.empty())
        throw InputError("--queries", "an array and a file", "arrays or files, not both");
    // The arrays outlive the request (they are held by the caller's frame), so the scene holds
    // no reference of its own: nothing Python is released without the GIL.
    request.scene.content_arrays = std::make_shared<const ContentArrays>(
        c.queries.data(), c.queries.shape(0), c.queries.shape(1), c.keys.data(), c.keys.shape(0),
        c.keys.shape(1), nullptr);
    return c;
}

// A C-order float64 NumPy array over the table's own memory (moved, not copied).
py::array table_array(DataTable&& table) {
    auto* values = new Matrix(std::move(table.values));
    py::capsule owner(values, [](void* p) { delete static_cast<Matrix*>(p); });
    std::vector<py::ssize_t> shape(table.shape.begin(), table.shape.end());
    std::vector<py::ssize_t> strides(shape.size());
    py::ssize_t stride = sizeof(double);
    for (size_t i = shape.size(); i-- > 0;) {
        strides[i] = stride;
        stride *= shape[i];
    }
    return py::array(py::dtype::of<double>(), shape, strides, values->data(), owner);
}

py::array matrix_array(const Matrix& m) {
    return py::array_t<double>({py::ssize_t(m.rows()), py::ssize_t(m.cols())}, m.data());
}

FigureRequest parse(const std::vector<std::string>& args) {
    return translating_errors([&] { return parse_figure_request(args); });
}

py::tuple data(const std::vector<std::string>& args, const py::object& queries,
               const py::object& keys) {
    FigureRequest request = parse(args);
    const auto content = translating_errors([&] { return attach_content(request, queries, keys); });
    DataTable table = interruptible([&] { return figure_request_data(request); });
    py::list columns;
    for (const std::string& c : table.columns) columns.append(c);
    return py::make_tuple(table_array(std::move(table)), columns);
}

py::bytes render(const std::vector<std::string>& args, const std::string& extension,
                 const py::object& queries, const py::object& keys) {
    FigureRequest request = parse(args);
    const auto content = translating_errors([&] { return attach_content(request, queries, keys); });
    return py::bytes(interruptible([&] { return render_figure_request(request, extension); }));
}

void save(const std::vector<std::string>& args, const std::string& path, const std::string& dtype,
          const py::object& queries, const py::object& keys) {
    FigureRequest request = parse(args);
    request.dtype = dtype;
    const auto content = translating_errors([&] { return attach_content(request, queries, keys); });
    interruptible([&] {
        write_figure_file(request, path);
        return true;
    });
}

// The figure model's numbers: each panel's heatmap, its arrows ("title: arrows", rows x0, y0, x1,
// y1) and curves ("title: label", rows x, y), keyed by panel title.
py::dict figure_model(const std::vector<std::string>& args, const py::object& queries,
                      const py::object& keys) {
    FigureRequest request = parse(args);
    const auto content = translating_errors([&] { return attach_content(request, queries, keys); });
    const Figure figure = interruptible([&] {
        Figure f;
        name_nope_layer(request.nope, request.scene.figure,
                        [&] { f = build_scene_figure(request.scene, request.picture); });
        return f;
    });
    py::dict out;
    for (size_t i = 0; i < figure.panels.size(); ++i) {
        const Panel& p = figure.panels[i];
        std::string name = p.title;
        if (name.empty()) name.append("panel ").append(std::to_string(i));
        while (out.contains(name)) name += "'";
        if (p.heatmap && p.heatmap->values.size() > 0)
            out[py::str(name)] = matrix_array(p.heatmap->values);
        if (!p.arrows.empty()) {
            Matrix ends(Eigen::Index(p.arrows.size()), 4);
            for (size_t j = 0; j < p.arrows.size(); ++j) {
                const Arrow& a = p.arrows[j];
                ends.row(Eigen::Index(j)) << a.x0, a.y0, a.x1, a.y1;
            }
            out[py::str(name + ": arrows")] = matrix_array(ends);
        }
        for (size_t j = 0; j < p.lines.size(); ++j) {
            const LineSeries& line = p.lines[j];
            Matrix xy(Eigen::Index(line.x.size()), 2);
            for (size_t k = 0; k < line.x.size(); ++k)
                xy.row(Eigen::Index(k)) << line.x[k], line.y[k];
            std::string key =
                name + ": " + (line.label.empty() ? "line " + std::to_string(j) : line.label);
            while (out.contains(key)) key += "'";
            out[py::str(key)] = matrix_array(xy);
        }
    }
    return out;
}

py::tuple content_addresses(const std::vector<std::string>& args, const py::object& queries,
                            const py::object& keys) {
    FigureRequest request = parse(args);
    const auto content = translating_errors([&] { return attach_content(request, queries, keys); });
    if (!request.scene.content_arrays) return py::make_tuple(0, 0);
    return py::make_tuple(size_t(request.scene.content_arrays->queries.data()),
                          size_t(request.scene.content_arrays->keys.data()));
}

py::tuple describe(const std::vector<std::string>& args) {
    return translating_errors([&] {
        // The options of `posviz describe` (app/cli/describe_command.cpp).
        RopeScalingFlags flags;
        CLI::App app("posviz describe");
        add_model_options(app, flags);
        std::vector<std::string> reversed(args.rbegin(), args.rend());
        app.parse(reversed);
        if (flags.model_config.empty() && flags.model_dir.empty())
            throw InputError("--model-config", "nothing",
                             "a config.json (--model-config FILE) or a model folder (--model DIR)");
        ModelChoice choice;
        choice.config_path = flags.model_config;
        choice.model_dir = flags.model_dir;
        const ModelPositions m = read_model(choice);
        return py::make_tuple(describe_model_json(m), describe_model_text(m));
    });
}

py::list options() {
    py::list list;
    for (const FigureRequestOption& o : figure_request_options()) {
        py::dict d;
        d["name"] = o.name;
        d["description"] = o.description;
        d["default"] = o.default_text;
        d["flag"] = o.flag;
        d["list"] = o.list;
        d["picture"] = o.picture;
        list.append(d);
    }
    return list;
}

py::list data_figure_list() {
    py::list list;
    for (const FigureInfo& f : data_figures())
        list.append(py::make_tuple(f.name, f.shape, f.description));
    return list;
}

}  // namespace

}  // namespace posviz

PYBIND11_MODULE(_posviz, m) {
    using namespace posviz;
    m.doc() = "posviz's compiled core; use the package `posviz`";
    static py::exception<InputError> input_error(m, "InputError", PyExc_ValueError);
    g_input_error = input_error.ptr();
    m.def("options", &options, "the options of `posviz export`, as the command line defines them");
    m.def("data_figures", &data_figure_list, "(name, shape, description) of each data figure");
    m.def("figure_names", &figure_names, "every figure that can be drawn");
    m.def("data", &data, py::arg("args"), py::arg("queries") = py::none(),
          py::arg("keys") = py::none());
    m.def("render", &render, py::arg("args"), py::arg("extension"), py::arg("queries") = py::none(),
          py::arg("keys") = py::none());
    m.def("save", &save, py::arg("args"), py::arg("path"), py::arg("dtype") = "f64",
          py::arg("queries") = py::none(), py::arg("keys") = py::none());
    m.def("figure_model", &figure_model, py::arg("args"), py::arg("queries") = py::none(),
          py::arg("keys") = py::none());
    m.def("content_addresses", &content_addresses, py::arg("args"), py::arg("queries") = py::none(),
          py::arg("keys") = py::none(),
          "the addresses of the queries' and keys' memory the core reads (tests of zero copy)");
    m.def("describe", &describe, py::arg("args"));
}
