#pragma once
// Abaqus input files (.inp), the mesh part, as Abaqus/CAE, Cubit and gmsh write them:
//   *NODE                      then lines "id, x, y[, z]";
//   *ELEMENT, TYPE=T[, ELSET=E] then lines "id, n1, n2, ..." (a line ending in a comma
//                              continues on the next), node ids in Abaqus's order, which is
//                              VTK's but for the prism (C3D6), reordered as gmsh's;
//   *ELSET, ELSET=S[, GENERATE] then element ids (or "first, last[, step]"), or set names.
// Keywords and parameter names are case-insensitive; "**" lines are comments; every other
// keyword (materials, steps, boundary conditions, *SURFACE, *NSET, ...) is skipped with its
// data. Node and element ids are labels: any positive numbers, each defined once.
//
// Element sets become the physical tags (the cell array "gmsh:physical", named physical
// groups): an element's tag is the first *ELSET that lists it, or else its *ELEMENT's ELSET, so
// that the tagged lower-dimensional elements (gmsh's export of its physical groups, shell
// elements on a solid) are boundary elements (boundary_elements.hpp). A file with several
// *PART or *INSTANCE definitions is refused: the ids of parts overlap.
//
// Element types by name: C3D4 (tetrahedron), C3D5 (pyramid), C3D6 (wedge), C3D8 (hexahedron)
// and their variants (C3D8R, C3D8I, ...); the 3- and 4-node planar, axisymmetric, membrane and
// shell elements (CPS3, CPE4R, CAX4, M3D3, S4R, ...) as triangles and quadrilaterals; 2-node
// trusses and beams (T2D2, T3D2, B21, B31) as lines.
#include <string>

#include "libpart/mesh/mesh.hpp"

namespace part::formats {

// Throws InputError naming the file, the line and what was expected: an unknown element type,
// an element with the wrong node count, an undefined or repeated node or element id, a set
// naming an unknown set or element, a malformed number.
Mesh read_abaqus_mesh(const std::string& path);

} // namespace part::formats
