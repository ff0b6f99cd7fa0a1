#pragma once
// Reads a mesh in whichever format its extension names: .msh (gmsh), .vtu/.vtk (VTK) or
// .mesh (METIS).
#include <string>

#include "libpart/mesh/mesh.hpp"

namespace part::formats {

Mesh read_mesh(const std::string& path);

} // namespace part::formats
