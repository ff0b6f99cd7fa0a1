#include "formats/mesh_file.hpp"

#include <filesystem>

#include "formats/gmsh_mesh.hpp"
#include "formats/mapped_file.hpp"
#include "formats/metis_mesh.hpp"
#include "formats/vtk_mesh.hpp"

namespace part::formats {

Mesh read_mesh(const std::string& path) {
    const std::string ext = std::filesystem::path(path).extension().string();
    Mesh mesh;
    if (ext == ".msh")
        mesh = naming_file_when_memory_fails(path, [&] { return read_gmsh_mesh(path); });
    else if (ext == ".vtu" || ext == ".vtk" || ext == ".pvtu")
        mesh = naming_file_when_memory_fails(path, [&] { return read_vtk_mesh(path); });
    else if (ext == ".mesh")
        mesh = naming_file_when_memory_fails(path, [&] { return read_metis_mesh(path); });
    else
        throw InputError(
            path, 0,
            "unknown mesh format '" + ext +
                "': expected .msh (gmsh 2.2 or 4.1), .vtu, .pvtu, .vtk (VTK) or .mesh (METIS)");
    try {
        validate(mesh);
    } catch (const MeshError& e) {
        throw InputError(path, 0, e.what());
    }
    return mesh;
}

} // namespace part::formats
