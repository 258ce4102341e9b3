// The overload set for std::visit over the Encoding variant: one lambda per alternative.
#pragma once

namespace posviz {

template <class... Fs>
struct Overloaded : Fs... {
    using Fs::operator()...;
};

}  // namespace posviz
