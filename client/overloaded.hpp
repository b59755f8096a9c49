#pragma once
// Internal to client/: the usual visitor of lambdas for std::visit.

namespace belote::client::detail {

/// Calls whichever of the lambdas `F...` takes the visited alternative.
template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace belote::client::detail
