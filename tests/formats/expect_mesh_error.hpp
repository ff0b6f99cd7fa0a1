#pragma once
// Shared by the mesh reader tests: reading `path` must fail with an InputError naming the
// file and containing `needle`; two readers of one mesh must agree on its cells, graph and
// boundary.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "formats/mesh_file.hpp"
#include "libpart/mesh/boundary_elements.hpp"
#include "libpart/mesh/mesh_graph.hpp"
#include "tests/support/test_files.hpp"

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

// The same for `text` written to `name` in `dir` (the extension picks the reader).
inline void expect_text_error_at(const ScratchDir& dir, const std::string& name,
                                 const std::string& text, std::int64_t line,
                                 const std::string& needle) {
    SCOPED_TRACE(needle);
    expect_mesh_error_at(dir.write(name, text), line, needle);
}

// The mesh's top-dimensional cells and the edges of its dual graph: equal for one mesh read
// from two formats.
inline std::pair<std::size_t, std::int64_t> cells_and_dual_edges(const Mesh& mesh) {
    return {top_dimensional_cells(mesh).size(), build_dual_graph(mesh).graph.num_edges()};
}

// The boundary elements per value of the cell array `tag_array`, each found beside a
// top-dimensional cell: equal for one mesh read from two formats that keep its boundary.
inline std::map<int, std::size_t>
boundary_elements_per_tag(const Mesh& mesh, const char* tag_array = kPhysicalTagArray) {
    const BoundaryElements boundary = find_boundary_elements(mesh, top_dimensional_cells(mesh));
    const MeshArray* tags = mesh.find_cell_array(tag_array);
    std::map<int, std::size_t> count;
    for (CellId c : boundary.cells) ++count[int(tags->value(std::size_t(c)))];
    return count;
}

// Each top-dimensional cell as its type and its nodes' coordinates in order, sorted: equal for
// two readings of one mesh with the same node order (however the points are numbered).
inline std::vector<std::pair<int, std::vector<double>>> cells_with_coordinates(const Mesh& mesh) {
    std::vector<std::pair<int, std::vector<double>>> rows;
    const std::size_t stride = mesh.points.size() / std::max<std::size_t>(mesh.num_points(), 1);
    for (CellId c : top_dimensional_cells(mesh)) {
        std::vector<double> xyz;
        for (PointId p : mesh.cell(c))
            for (std::size_t a = 0; a < stride; ++a)
                xyz.push_back(mesh.points[std::size_t(p) * stride + a]);
        rows.emplace_back(int(mesh.cell_types[std::size_t(c)]), xyz);
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

} // namespace part::test
