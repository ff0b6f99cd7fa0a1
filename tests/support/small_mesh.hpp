#pragma once
// A mesh small enough to check by hand: two triangles sharing the edge 1-2 of the unit
// square scaled by 3, with a boundary line between them in mesh order, which is no vertex of
// the dual graph and has no entry in a partition file.
#include <vector>

#include "libpart/mesh/mesh.hpp"

namespace part::test {

inline Mesh two_triangles_and_a_line() {
    Mesh mesh;
    mesh.dim = 2;
    mesh.point_count = 4;
    mesh.points = {0, 0, 3, 0, 0, 3, 3, 3};
    mesh.add_cell(CellType::Triangle, std::vector<PointId>{0, 1, 2});
    mesh.add_cell(CellType::Line, std::vector<PointId>{0, 1});
    mesh.add_cell(CellType::Triangle, std::vector<PointId>{1, 3, 2});
    return mesh;
}

} // namespace part::test
