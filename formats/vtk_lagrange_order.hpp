#pragma once
// VTK's Lagrange cells: their points' parametric coordinates, and those of order 1 and 2 as the
// linear and quadratic cells Mesh holds.
#include <array>
#include <vector>

#include <vtkCellType.h>

#include "libpart/mesh/cell_type.hpp"

namespace part::formats {

// VTK's linear cell types in CellType order.
inline constexpr int kVtkCellTypes[] = {VTK_VERTEX,     VTK_LINE,       VTK_TRIANGLE, VTK_QUAD,
                                        VTK_TETRA,      VTK_HEXAHEDRON, VTK_WEDGE,    VTK_PYRAMID,
                                        VTK_POLYHEDRON, VTK_POLYGON};

// The parametric coordinates of the points of a VTK cell of `vtk_type` with `num_nodes` points,
// in VTK's order; for a Lagrange cell, of `order` in every direction (VTK's higher-order classes,
// vtkHigherOrder*::SetParametricCoords). Empty if VTK gives none.
std::vector<std::array<double, 3>> vtk_parametric_points(int vtk_type, int num_nodes, int order);

// For a VTK Lagrange cell (VTK_LAGRANGE_CURVE ... VTK_LAGRANGE_WEDGE) of `family` with
// `num_nodes` nodes, the node count of its family's linear or a quadratic cell (orders 1 and 2):
// node k of that cell, in VTK's order for it, is node result[k] of the Lagrange cell. Empty
// when no linear or quadratic cell has that node count, or VTK gives no parametric coordinates.
std::vector<int> lagrange_to_low_order(int lagrange_vtk_type, CellType family, int num_nodes);

} // namespace part::formats
