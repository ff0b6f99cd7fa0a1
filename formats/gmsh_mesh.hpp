#pragma once
// Gmsh .msh files, versions 1.0 (ASCII), 2.x, 4.0 and 4.1 (ASCII and binary; the 1.0 and
// 4.0 sections in gmsh_legacy_sections.hpp). Linear elements only (points,
// lines, triangles, quadrilaterals, tetrahedra, hexahedra, prisms, pyramids). Points keep
// the order of $Nodes and cells the order of $Elements. Cell arrays "gmsh:physical" (the
// first physical tag, 0 when none) and "gmsh:geometrical" (the elementary entity tag) keep
// the tags, under the names meshio uses; $PhysicalNames become Mesh::physical_groups. Points are 2D
// when every z is 0.
#include <string>

#include "libpart/mesh/mesh.hpp"

namespace part::formats {

// Throws InputError naming the file, the line (or the byte offset in a binary block) and
// what was expected: unsupported element types, undefined or out-of-range node tags,
// elements with missing nodes, meshes without cells, truncated or corrupted files.
Mesh read_gmsh_mesh(const std::string& path);
Mesh parse_gmsh_mesh(std::string_view data, const std::string& name);

} // namespace part::formats
