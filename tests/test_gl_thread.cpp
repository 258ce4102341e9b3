// gpu/gl_thread.h: every call runs on the one thread (where a GL context stays current), in order,
// and gives back its result or its exception.
#include <gtest/gtest.h>

#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "gpu/gl_thread.h"

namespace posviz::gpu {
namespace {

TEST(GlThread, EveryCallRunsOnTheOneThreadAndReturnsItsResult) {
    GlThread gl;
    std::set<std::thread::id> ran_on;
    std::vector<int> order;
    std::vector<std::thread> callers;
    std::mutex mutex;
    for (int i = 0; i < 4; ++i)
        callers.emplace_back([&, i] {
            const int twice = gl.call([&] {
                const std::lock_guard lock(mutex);
                ran_on.insert(std::this_thread::get_id());
                order.push_back(i);
                return 2 * i;
            });
            EXPECT_EQ(twice, 2 * i);
        });
    for (std::thread& t : callers) t.join();
    EXPECT_EQ(ran_on.size(), 1u);
    EXPECT_EQ(order.size(), 4u);
    EXPECT_NE(*ran_on.begin(), std::this_thread::get_id());
}

TEST(GlThread, ExceptionsReachTheCallerAndCallsFromInsideRunAtOnce) {
    GlThread gl;
    EXPECT_THROW(gl.call([]() -> int { throw std::runtime_error("no GPU"); }), std::runtime_error);
    // A call made from the thread itself (a GL helper calling another) must not wait for itself.
    const int nested = gl.call([&] { return gl.call([] { return 7; }) + 1; });
    EXPECT_EQ(nested, 8);
}

}  // namespace
}  // namespace posviz::gpu
