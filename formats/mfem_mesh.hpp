#pragma once
// MFEM's own meshes (.mesh, "MFEM mesh v1.0" to v1.3, conforming), as MFEM's Mesh::Print
// writes them: '#' comments; "dimension" d; "elements" n, then per element its attribute, its
// geometry (0 point, 1 segment, 2 triangle, 3 square, 4 tetrahedron, 5 cube, 6 prism,
// 7 pyramid) and its 0-based vertex ids; "boundary" the same for the boundary elements;
// "vertices" n and either the dimension of the coordinates and n rows of them, or a "nodes"
// section: a FiniteElementSpace of an H1 (or Linear, Quadratic, Cubic) collection, whose first n
// degrees of freedom are the vertices, with Ordering 0 (all x, then all y, ...) or 1 (x y z per
// node). "attribute_sets" and "bdr_attribute_sets" are skipped; "mfem_mesh_end" may close it.
//
// Attributes become physical tags (the cell array "gmsh:physical"), so the boundary elements,
// tagged with their boundary attributes, are written with their cells (boundary_elements.hpp).
// Node orders are MFEM's, which VTK shares but for the prism (turned as gmsh's). MFEM's NC, NURBS
// and INLINE meshes are refused with a message naming them.
//
// `.mesh` is also the METIS and Medit extension: read_mesh tells it by its first word, "MFEM".
#include <string>

#include "libpart/mesh/mesh.hpp"

namespace part::formats {

// Throws InputError naming the file, the line and what was expected.
Mesh read_mfem_mesh(const std::string& path);

} // namespace part::formats
