#pragma once
// AVS UCD meshes (.inp, ASCII, as AVS, deal.II and meshio write them):
//   '#' comment lines, then "nodes cells node_data cell_data model_data";
//   per node "id x y z";
//   per cell "id material type n1 n2 ...", type one of pt, line, tri, quad, tet, pyr, prism,
//   hex; node ids are labels, each defined once; cell ids matter only to the cell data, and
//   only then must differ (deal.II's files repeat them);
//   with node_data (cell_data) > 0, the data: "n size1 ... sizen", n lines "label, unit", then
//   per node (cell) "id v1 v2 ..." with size1 + ... + sizen values, kept as point (cell)
//   arrays of doubles.
// A cell's material becomes its physical tag (the cell array "gmsh:physical"): deal.II stores
// boundary ids as the material of lower-dimensional cells, which are then boundary elements
// (boundary_elements.hpp). Node orders follow AVS, as meshio maps them to VTK's: the top face
// of a hexahedron first, a pyramid's apex first, a prism's top triangle first; a tetrahedron's
// last two nodes swapped.
//
// `.inp` is also Abaqus's extension: is_abaqus_input tells them apart by content.
#include <string>
#include <string_view>

#include "libpart/mesh/mesh.hpp"

namespace part::formats {

// True when the first line of `text` that is not blank or a '#' comment starts with '*' (an
// Abaqus keyword or "**" comment); a UCD file starts with its counts.
bool is_abaqus_input(std::string_view text);

// Throws InputError naming the file, the line and what was expected: an unknown cell type, a
// cell with the wrong node count, an undefined or repeated id, a count that disagrees with the
// lines that follow, a malformed number.
Mesh read_ucd_mesh(const std::string& path);

} // namespace part::formats
