// The overload set for std::visit over the Encoding variant: one lambda per alternative.
#pragma once

namespace posviz {

template <class... Fs>
struct Overloaded : Fs... {
    using Fs::operator()...;
};
// Spelled out for clang before 17 (the fuzz build's clang 14), which does not deduce an
// aggregate's template arguments from its initialisers by itself.
template <class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

}  // namespace posviz
