#pragma once
// Shared by the mesh reader tests: reading `path` must fail with an InputError naming the
// file and containing `needle`; two readers of one mesh must agree on its cells and graph.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "formats/mesh_file.hpp"
#include "libpart/mesh/mesh_graph.hpp"

namespace part::test {

inline void expect_mesh_error(const std::string& path, const std::string& needle) {
    try {
        formats::read_mesh(path);
        ADD_FAILURE() << "accepted " << path;
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), path);
        EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << "message: " << e.what();
    }
}

// The same, and the error names `line`.
inline void expect_mesh_error_at(const std::string& path, std::int64_t line,
                                 const std::string& needle) {
    try {
        formats::read_mesh(path);
        ADD_FAILURE() << "accepted " << path;
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), path);
        EXPECT_EQ(e.line(), line) << e.what();
        EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
}

// The mesh's top-dimensional cells and the edges of its dual graph: equal for one mesh read
// from two formats.
inline std::pair<std::size_t, std::int64_t> cells_and_dual_edges(const Mesh& mesh) {
    return {top_dimensional_cells(mesh).size(), build_dual_graph(mesh).graph.num_edges()};
}

} // namespace part::test
