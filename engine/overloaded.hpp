#pragma once
// The usual visitor of lambdas for std::visit, shared by every layer.

namespace belote {

/// Calls whichever of the lambdas `F...` takes the visited alternative:
/// `std::visit(Overloaded{[](const A&) {…}, [](const B&) {…}}, variant)`.
template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace belote
