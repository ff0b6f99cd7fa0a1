#pragma once
// The gmsh element types (gmsh's GmshDefines.h) of the cells of a Mesh, for the reader and the
// writer: the linear ones here (MSH_PNT ... MSH_PYR_5), the second-order ones with their node
// orders in the generated gmsh_node_order.hpp.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>

#include "formats/gmsh_node_order.hpp"
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

// The linear element type of gmsh's `code`, or none.
inline const GmshElementType* linear_gmsh_element(std::int64_t code) {
    const auto* it = std::ranges::find(kGmshElementTypes, code, &GmshElementType::code);
    return it == std::end(kGmshElementTypes) ? nullptr : it;
}

// The second-order element type of a cell of `family` with `num_nodes` nodes, or none.
inline const GmshHigherOrderType* higher_order_gmsh_element(CellType family, int num_nodes) {
    const auto* it =
        std::find_if(std::begin(kGmshHigherOrderTypes), std::end(kGmshHigherOrderTypes),
                     [&](const GmshHigherOrderType& t) {
                         return t.family == family && t.num_nodes == num_nodes;
                     });
    return it == std::end(kGmshHigherOrderTypes) ? nullptr : it;
}

// The gmsh element type of a cell of `family` with `num_nodes` nodes, or none (polyhedra,
// forms gmsh or the tables lack).
inline std::optional<int> gmsh_element_code(CellType family, int num_nodes) {
    const auto* it = std::find_if(
        std::begin(kGmshElementTypes), std::end(kGmshElementTypes),
        [&](const GmshElementType& t) { return t.family == family && t.num_nodes == num_nodes; });
    if (it != std::end(kGmshElementTypes)) return it->code;
    if (const auto* type = higher_order_gmsh_element(family, num_nodes)) return int(type->code);
    return std::nullopt;
}

// Reorders a cell's nodes from VTK's numbering (Mesh's) to gmsh's: a linear cell's differ for
// prisms only (wedge_order.hpp); a second-order cell's by the inverse of its table entry.
inline void vtk_to_gmsh_order(CellType family, std::span<PointId> nodes) {
    if (const auto* type = higher_order_gmsh_element(family, int(nodes.size()))) {
        PointId vtk[kMaxHighOrderNodes];
        std::copy(nodes.begin(), nodes.end(), vtk);
        for (std::size_t k = 0; k < nodes.size(); ++k) nodes[std::size_t(type->to_vtk[k])] = vtk[k];
    } else if (family == CellType::Wedge) {
        counter_clockwise_wedge_to_vtk(nodes.data());
    }
}

} // namespace part::formats
