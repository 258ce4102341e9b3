// Cooperative cancellation of long computations. Whoever runs a computation on a worker thread
// (the GUI's figure jobs, its exports) makes a CancellationToken current on that thread with a
// CancellationScope; the core's long loops call throw_if_cancelled() between pieces of work (row
// blocks, reductions, every position of a per-position loop), which throws Cancelled once the
// token is cancelled from any thread. Code without a current token (the command line, tests) is
// never cancelled, and nothing needs to pass a token through the core's signatures.
//
// Loops shared out by OpenMP run on threads that do not see the caller's token, and an exception
// must not leave a parallel region: they take a CancellationCheck before the loop, skip the rest
// of their iterations once it says stop, and the caller throws after the loop.
#pragma once

#include <atomic>
#include <exception>

#include "core/types.h"

namespace posviz {

// Thrown by throw_if_cancelled(); not an error, so not an InputError: whoever cancelled expects it.
struct Cancelled : std::exception {
    const char* what() const noexcept override { return "cancelled"; }
};

class CancellationToken {
  public:
    void cancel() { cancelled_.store(true, std::memory_order_relaxed); }
    bool cancelled() const { return cancelled_.load(std::memory_order_relaxed); }
    // How far the work under this token has got, 0 … 1, as its long loops report it (for a
    // progress bar). Mutable: loops see their token as const, like its cancelled flag, which
    // they only read.
    void set_progress(double fraction) const {
        progress_.store(fraction, std::memory_order_relaxed);
    }
    double progress() const { return progress_.load(std::memory_order_relaxed); }

  private:
    std::atomic<bool> cancelled_{false};
    mutable std::atomic<double> progress_{0.0};
};

// Makes `token` the calling thread's current token until the scope ends (the previous one is
// restored, so scopes nest). The token must outlive the scope.
class CancellationScope {
  public:
    explicit CancellationScope(const CancellationToken& token);
    ~CancellationScope();
    CancellationScope(const CancellationScope&) = delete;
    CancellationScope& operator=(const CancellationScope&) = delete;

  private:
    const CancellationToken* previous_;
};

// Throws Cancelled when the calling thread's current token is cancelled. A thread-local load and
// an atomic one: cheap enough for every row or position of a loop doing real work per step.
// Inside an OpenMP parallel region it never throws (an exception must not leave the region, and
// functions that check are also called from parallel loops): the loop's CancellationCheck stops
// it, and the caller throws after the loop.
void throw_if_cancelled();

// a · bᵀ; on a thread with a current token, with a check before each tile of about 2^27
// multiply-adds (tens of milliseconds): one product at L = 4096 and D = 2^15 takes seconds, and a
// cancelled build must stop sooner. Square tiles of at least 64 × 64 keep the product's speed (a
// tile packs its rows of a and b again, 2/side of its work; thin strips of rows would pack all of b
// again each time).
Matrix product_with_transpose(const Eigen::Ref<const Matrix>& a, const Eigen::Ref<const Matrix>& b);
// out += a · bᵀ, the same way: for sums of products into one L × L matrix (a bias plus q·kᵀ, the
// terms of Transformer-XL and Shaw), without a second L × L temporary.
void add_product_with_transpose(Eigen::Ref<Matrix> out, const Eigen::Ref<const Matrix>& a,
                                const Eigen::Ref<const Matrix>& b);

// A pause between two checks, where the calling thread asks for one: the browser build runs a long
// build on the page's one thread and pauses it there to let the page draw a frame, once a frame's
// budget of work is done (app/web/web_scheduler.cpp). Null everywhere else: a check then costs
// what it did. Called by throw_if_cancelled and CancellationCheck::stop.
using PauseHook = void (*)();
void set_pause_hook(PauseHook hook);  // for the calling thread; nullptr: none

// Clears the calling thread's token and pause hook until the scope ends, then puts them back:
// for a pause hook, while other code runs on its thread during the pause (the page's frames must
// neither be cancelled with the paused build nor pause themselves).
class CancellationSuspension {
  public:
    CancellationSuspension();
    ~CancellationSuspension();
    CancellationSuspension(const CancellationSuspension&) = delete;
    CancellationSuspension& operator=(const CancellationSuspension&) = delete;

  private:
    const CancellationToken* token_;
    PauseHook hook_;
};

// The calling thread's token captured for a parallel loop (see above).
class CancellationCheck {
  public:
    CancellationCheck();
    bool stop() const;
    // Reports progress to the captured token, if any (from any of the loop's threads).
    void progress(double fraction) const {
        if (token_) token_->set_progress(fraction);
    }

  private:
    const CancellationToken* token_;
};

}  // namespace posviz
