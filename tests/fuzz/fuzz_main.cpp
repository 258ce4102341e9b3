// A libFuzzer target for one posviz reader; tests/fuzz/CMakeLists.txt compiles this file once per
// reader with POSVIZ_FUZZ_READER set to the reader's name ("npy", "settings", ...).
#include <cxxabi.h>
#include <pthread.h>

#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <random>
#include <string>
#include <typeinfo>

#include "tests/fuzz/fuzz_readers.h"

namespace {

// Inputs are read on a thread of their own with this stack, so that a reader recursing as deep as
// the input nests overflows at about a thousand levels (nlohmann's dump under ASan) — inputs the
// mutator below makes in seconds — rather than at the ~10^4 levels of the main thread's 8 MiB.
// A reader must bound nesting before it recurses, at a depth this stack holds. One thread for
// the whole run: under ASan, starting a thread per input costs more than reading it.
constexpr size_t kStackBytes = 1 << 20;

struct Exchange {
    std::mutex mutex;
    std::condition_variable changed;
    const std::string_view* input = nullptr;  // set by the fuzzer, cleared by the reader thread
    std::string problem;                      // what reading it broke; empty when nothing did
};

const posviz::fuzz::Reader& this_reader() {
    static const posviz::fuzz::Reader& reader = posviz::fuzz::find_reader(POSVIZ_FUZZ_READER);
    return reader;
}

std::string read_one(std::string_view input) {
    const posviz::fuzz::Reader& reader = this_reader();
    static const posviz::fuzz::ScratchDir dir;
    std::string problem;
    try {
        problem = read_and_check(reader, dir.path(), input).problem;
    } catch (const std::exception& e) {  // not an InputError: read_and_check takes those
        char* type = abi::__cxa_demangle(typeid(e).name(), nullptr, nullptr, nullptr);
        problem = std::string("escaped ") + (type ? type : typeid(e).name()) + ": " + e.what();
        std::free(type);
    }
    return problem.empty() ? problem : std::string(reader.name) + ": " + problem;
}

void* reader_thread(void* arg) {
    Exchange& exchange = *static_cast<Exchange*>(arg);
    std::unique_lock lock(exchange.mutex);
    for (;;) {
        exchange.changed.wait(lock, [&] { return exchange.input != nullptr; });
        exchange.problem = read_one(*exchange.input);
        exchange.input = nullptr;
        exchange.changed.notify_one();
    }
}

Exchange& start_reader_thread() {
    // Never destroyed: the thread waits on it until the process exits.
    Exchange& exchange = *new Exchange;
    pthread_attr_t attributes;
    pthread_t thread;
    if (pthread_attr_init(&attributes) != 0 ||
        pthread_attr_setstacksize(&attributes, kStackBytes) != 0 ||
        pthread_create(&thread, &attributes, reader_thread, &exchange) != 0) {
        std::perror("posviz fuzz: reader thread");
        std::abort();
    }
    pthread_attr_destroy(&attributes);
    return exchange;
}

// Where the JSON value starting at `begin` ends (one past it), or `end` when it does not: a
// bracket counter that skips strings, enough to keep valid JSON valid when the value is wrapped.
const uint8_t* value_end(const uint8_t* begin, const uint8_t* end) {
    if (*begin != '[' && *begin != '{' && *begin != '"') {
        const uint8_t* p = begin;
        while (p < end && std::strchr("+-.0123456789Eaeflnrstu", *p)) ++p;
        return p;
    }
    int depth = 0;
    bool in_string = false;
    for (const uint8_t* p = begin; p < end; ++p) {
        if (in_string) {
            if (*p == '\\')
                ++p;
            else if (*p == '"')
                in_string = false;
        } else if (*p == '"') {
            in_string = true;
        } else if (*p == '[' || *p == '{') {
            ++depth;
        } else if (*p == ']' || *p == '}') {
            --depth;
        }
        if (depth == 0 && !in_string) return p + 1;
    }
    return end;
}

}  // namespace

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

// libFuzzer's byte mutations hardly ever make valid JSON nested a thousand deep, which is what
// overflows a recursive reader. So for the JSON readers one mutation in eight wraps a value of the
// input (an object, array, string or number found by value_end) in up to 1024 array brackets.
extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size,
                                          unsigned int seed) {
    std::minstd_rand random(seed);
    if (!std::string_view(this_reader().file_name).ends_with(".json") || size == 0 ||
        random() % 8 != 0)
        return LLVMFuzzerMutate(data, size, max_size);
    const size_t begin = random() % size;
    const size_t end = value_end(data + begin, data + size) - data;
    const size_t levels = std::min<size_t>(1 + random() % 1024, (max_size - size) / 2);
    std::memmove(data + end + 2 * levels, data + end, size - end);
    std::memset(data + end + levels, ']', levels);
    std::memmove(data + begin + levels, data + begin, end - begin);
    std::memset(data + begin, '[', levels);
    return size + 2 * levels;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static Exchange& exchange = start_reader_thread();
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::unique_lock lock(exchange.mutex);
    exchange.input = &input;
    exchange.changed.notify_one();
    exchange.changed.wait(lock, [&] { return exchange.input == nullptr; });
    if (!exchange.problem.empty()) {
        std::fprintf(stderr, "posviz fuzz %s\n", exchange.problem.c_str());
        std::abort();  // libFuzzer keeps the input as a crash
    }
    return 0;
}
