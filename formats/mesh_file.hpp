#pragma once
// Reads a mesh in whichever format its extension names: .msh (gmsh), .vtu/.vtk (VTK), .su2
// (SU2) or .mesh (Medit when its first keyword is MeshVersionFormatted, else METIS).
#include <string>

#include "libpart/mesh/mesh.hpp"

namespace part::formats {

Mesh read_mesh(const std::string& path);

} // namespace part::formats
