#pragma once
// Meshes of the solvers' own formats through VTK's readers, whose output is a tree of blocks
// (element blocks, zones, regions) merged here into one mesh: Exodus II, CGNS and OpenFOAM's
// polyMesh.
#include <string>

#include "libpart/mesh/mesh.hpp"

namespace part::formats {

// Exodus II (.exo, .e, .ex2) by vtkExodusIIReader: the cells of every element block, with
// the block's id as the cell array "element_block", on the nodes of the file (blocks share
// them by global node id). Side sets, node sets and result variables are not read.
Mesh read_exodus_mesh(const std::string& path);

// CGNS (.cgns) by vtkCGNSReader: the cells of every unstructured zone of the first base,
// points at the same coordinates in two zones merged into one. Throws InputError on a
// structured zone.
Mesh read_cgns_mesh(const std::string& path);

// True for what names an OpenFOAM case: its folder, its system/controlDict or a .foam file
// in it.
bool is_openfoam_case(const std::string& path);

// The internal mesh of an OpenFOAM case (constant/polyMesh) by vtkOpenFOAMReader: one cell
// per OpenFOAM cell, polyhedra kept whole (not decomposed), with the cell fields of the
// first time; then the faces of each boundary patch that has faces (of any type: wall, empty,
// symmetry, ...) as boundary elements, physical tags 1, 2, ... in the order of
// constant/polyMesh/boundary, each a group named by its patch. Faces of 3 and 4 nodes are
// triangles and quadrilaterals, larger ones polygons. Zones are not read.
Mesh read_openfoam_mesh(const std::string& path);

} // namespace part::formats
