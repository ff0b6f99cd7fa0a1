#include "libpart/mesh/cell_type.hpp"

namespace part {

namespace {

// Indexed by CellType. Faces follow the VTK cell definitions (vtkTetra, vtkHexahedron,
// vtkWedge, vtkPyramid); only which nodes a face holds matters here, not its orientation.
constexpr CellShape kShapes[] = {
    {"vertex", 0, 1, 0, {}, {}, 0},
    {"line", 1, 2, 2, {1, 1}, {{0}, {1}}, 1},
    {"triangle", 2, 3, 3, {2, 2, 2}, {{0, 1}, {1, 2}, {2, 0}}, 2},
    {"quadrilateral", 2, 4, 4, {2, 2, 2, 2}, {{0, 1}, {1, 2}, {2, 3}, {3, 0}}, 2},
    {"tetrahedron", 3, 4, 4, {3, 3, 3, 3}, {{0, 1, 3}, {1, 2, 3}, {2, 0, 3}, {0, 2, 1}}, 3},
    {"hexahedron",
     3,
     8,
     6,
     {4, 4, 4, 4, 4, 4},
     {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}},
     4},
    {"wedge",
     3,
     6,
     5,
     {3, 3, 4, 4, 4},
     {{0, 1, 2}, {3, 5, 4}, {0, 3, 4, 1}, {1, 4, 5, 2}, {2, 5, 3, 0}},
     3},
    {"pyramid",
     3,
     5,
     5,
     {4, 3, 3, 3, 3},
     {{0, 3, 2, 1}, {0, 1, 4}, {1, 2, 4}, {2, 3, 4}, {3, 0, 4}},
     3},
    {"polyhedron", 3, 0, 0, {}, {}, 3},
};

} // namespace

const CellShape& cell_shape(CellType type) {
    return kShapes[static_cast<int>(type)];
}

std::string supported_cell_names() {
    return "vertex, line, triangle, quadrilateral, tetrahedron, hexahedron, wedge (prism), "
           "pyramid, "
           "polyhedron (linear cells only)";
}

} // namespace part
