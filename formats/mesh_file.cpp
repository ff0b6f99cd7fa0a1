#include "formats/mesh_file.hpp"

#include <filesystem>

#include "formats/abaqus_mesh.hpp"
#include "formats/gmsh_mesh.hpp"
#include "formats/mapped_file.hpp"
#include "formats/medit_mesh.hpp"
#include "formats/metis_mesh.hpp"
#include "formats/mfem_mesh.hpp"
#include "formats/su2_mesh.hpp"
#include "formats/ucd_mesh.hpp"
#include "formats/ugrid_mesh.hpp"
#include "formats/vtk_mesh.hpp"
#include "formats/vtk_multiblock_mesh.hpp"

namespace part::formats {

namespace {

// The reader the extension names.
Mesh read_by_extension(const std::string& path) {
    const std::string ext = std::filesystem::path(path).extension().string();
    if (is_openfoam_case(path)) return read_openfoam_mesh(path);
    if (ext == ".exo" || ext == ".e" || ext == ".ex2") return read_exodus_mesh(path);
    if (ext == ".cgns") return read_cgns_mesh(path);
    if (ext == ".msh") return read_gmsh_mesh(path);
    if (ext == ".vtu" || ext == ".vtk" || ext == ".pvtu") return read_vtk_mesh(path);
    // Medit, MFEM and METIS share the extension; Medit and MFEM files name themselves first,
    // and a gmsh file under this name (mfem's examples have some) starts with $MeshFormat.
    if (ext == ".mesh") {
        // Chosen while the file is mapped once; the reader maps it again for itself.
        const auto reader = [&] {
            const MappedFile file(path);
            const std::string_view text = file.text();
            if (text.starts_with("MFEM")) return &read_mfem_mesh;
            if (text.starts_with("$MeshFormat")) return &read_gmsh_mesh;
            return is_medit_mesh(text) ? &read_medit_mesh : &read_metis_mesh;
        }();
        return reader(path);
    }
    if (ext == ".su2") return read_su2_mesh(path);
    // Abaqus and AVS UCD share the extension; an Abaqus file starts with a keyword.
    if (ext == ".inp")
        return is_abaqus_input(MappedFile(path).text()) ? read_abaqus_mesh(path)
                                                        : read_ucd_mesh(path);
    if (ext == ".ugrid") return read_ugrid_mesh(path);
    throw InputError(
        path, 0,
        "unknown mesh format '" + ext +
            "': expected .msh (gmsh 1.0, 2.x, 4.0 or 4.1), .vtu, .pvtu, .vtk (VTK), .su2 (SU2), "
            ".inp (Abaqus or AVS UCD), .ugrid (AFLR3), .mesh (Medit, MFEM or METIS), .exo, .e, "
            ".ex2 (Exodus II), .cgns (CGNS) or an OpenFOAM case (its folder, system/controlDict "
            "or .foam file)");
}

} // namespace

Mesh read_mesh(const std::string& path) {
    Mesh mesh = naming_file_when_memory_fails(path, [&] { return read_by_extension(path); });
    try {
        validate(mesh);
    } catch (const MeshError& e) {
        throw InputError(path, 0, e.what());
    }
    return mesh;
}

} // namespace part::formats
