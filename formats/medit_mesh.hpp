#pragma once
// Medit meshes (INRIA's ASCII .mesh, as gmsh, mmg and libMeshb write them): the keyword
// MeshVersionFormatted and its version first (after optional '#' comments), Dimension (2 or 3),
// Vertices (count, then per vertex its coordinates and a reference), the element sections
// Edges, Triangles, Quadrilaterals, Tetrahedra, Hexahedra, Prisms and Pyramids (count, then per
// element its 1-based vertex ids and a reference), and End. Tokens may be split over lines in
// any way. Sections that carry no cells (Corners, Ridges, Required*, Normals, Tangents,
// NormalAtVertices, TangentAtVertices) are checked and skipped.
//
// Every element becomes a cell, in file order, with its reference as its physical tag (the cell
// array "gmsh:physical"): the lower-dimensional ones with a nonzero reference are the boundary
// elements (boundary_elements.hpp), those with reference 0 are written nowhere. Medit
// numbers tetrahedra, hexahedra and pyramids as VTK does; its prisms follow the INRIA
// convention (the first triangle turns counter-clockwise seen from the second, as gmsh's),
// so they are reordered to VTK's. Points are 2D when Dimension is 2, or 3 with every z = 0.
//
// `.mesh` is also the METIS mesh extension: is_medit_mesh tells them apart by content.
#include <string>
#include <string_view>

#include "libpart/mesh/mesh.hpp"

namespace part::formats {

// True when the first token of `text`, after blank lines and '#' comments, is
// MeshVersionFormatted.
bool is_medit_mesh(std::string_view text);

// Throws InputError naming the file, the line and what was expected: an unknown or repeated
// keyword, a count that disagrees with the numbers that follow, a vertex id out of range, a
// missing Dimension, Vertices or End, a truncated file.
Mesh read_medit_mesh(const std::string& path);

} // namespace part::formats
