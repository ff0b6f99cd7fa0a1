#pragma once
// Reads a mesh in whichever format its extension names: .msh (gmsh), .vtu/.vtk (VTK), .su2
// (SU2) or .mesh (Medit when its first keyword is MeshVersionFormatted, else METIS).
#include <string>

#include "libpart/mesh/mesh.hpp"

namespace part::formats {

Mesh read_mesh(const std::string& path);

// Sets the dimension of a mesh read with x, y, z per point: 2, keeping x and y, when every
// point lies in the plane z = 0; else 3.
void set_dimension_from_points(Mesh& mesh);

} // namespace part::formats
