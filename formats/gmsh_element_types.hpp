#pragma once
// The gmsh element types (gmsh's GmshDefines.h, MSH_PNT ... MSH_PYR_5) the writers give the
// cells of a Mesh: one table, by family and node count, so that higher-order forms can join it.
#include <algorithm>
#include <optional>

#include "formats/wedge_order.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part::formats {

struct GmshElementType {
    CellType family;
    int num_nodes;
    int code;
};

inline constexpr GmshElementType kGmshElementTypes[] = {
    {CellType::Vertex, 1, 15},       {CellType::Line, 2, 1},        {CellType::Triangle, 3, 2},
    {CellType::Quadrilateral, 4, 3}, {CellType::Tetrahedron, 4, 4}, {CellType::Hexahedron, 8, 5},
    {CellType::Wedge, 6, 6},         {CellType::Pyramid, 5, 7}};

// The gmsh element type of a cell of `family` with `num_nodes` nodes, or none (polyhedra,
// forms the table lacks).
inline std::optional<int> gmsh_element_code(CellType family, int num_nodes) {
    const auto* it = std::find_if(
        std::begin(kGmshElementTypes), std::end(kGmshElementTypes),
        [&](const GmshElementType& t) { return t.family == family && t.num_nodes == num_nodes; });
    if (it == std::end(kGmshElementTypes)) return std::nullopt;
    return it->code;
}

// Reorders a cell's nodes from VTK's numbering (Mesh's) to gmsh's: they differ for prisms
// only (wedge_order.hpp).
inline void vtk_to_gmsh_order(CellType family, PointId* nodes) {
    if (family == CellType::Wedge) counter_clockwise_wedge_to_vtk(nodes);
}

} // namespace part::formats
