#pragma once
// The shipped 2D mesh most CLI and MPI tests run on (data/naca0012.*).
#include <string>

#include "tests/support/test_files.hpp"

namespace part::test {

inline const std::string kNacaGraph = source_file("data/naca0012.graph");
inline const std::string kNacaCoords = source_file("data/naca0012.xyz");
inline const std::string kNacaMesh = source_file("data/naca0012.msh");
constexpr int kNacaVertices = 19886; // the graph's header

} // namespace part::test
