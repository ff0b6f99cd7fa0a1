#include "formats/vtk_multiblock_mesh.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <string_view>

#include <vtkCGNSReader.h>
#include <vtkCompositeDataIterator.h>
#include <vtkDataObjectTreeIterator.h>
#include <vtkExodusIIReader.h>
#include <vtkInformation.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkNew.h>
#include <vtkOpenFOAMReader.h>
#include <vtkSmartPointer.h>
#include <vtkUnstructuredGrid.h>

#include "formats/vtk_errors.hpp"
#include "formats/vtk_mesh.hpp"
#include "libpart/mesh/append_meshes.hpp"
#include "libpart/mesh/arrays_without.hpp"

namespace part::formats {

namespace {

namespace fs = std::filesystem;

constexpr char kHdf5Signature[] = "\x89HDF\r\n\x1a\n";

// VTK's readers crash on some files that are not what they expect, so a file goes to one
// only once it exists, opens and starts with one of `signatures` (netCDF's, HDF5's, ...).
void check_readable(const std::string& path, const std::string& format,
                    std::initializer_list<std::string_view> signatures) {
    if (!fs::exists(path)) throw InputError(path, 0, "cannot open the file: it does not exist");
    std::ifstream in(path, std::ios::binary);
    if (fs::is_directory(path) || !in)
        throw InputError(path, 0, "cannot open the file for reading");
    if (signatures.size() == 0) return;
    char head[8] = {};
    in.read(head, sizeof head);
    const std::string_view start(head, std::size_t(in.gcount()));
    if (std::none_of(signatures.begin(), signatures.end(),
                     [&](std::string_view s) { return start.substr(0, s.size()) == s; }))
        throw InputError(path, 0, "not a " + format + " file: it does not start like one");
}

// The reader's CanReadFile, which logs why it cannot: that goes into the error instead.
template <typename Reader> bool can_read(Reader* reader, const std::string& path) {
    VtkErrors quiet(reader);
    return reader->CanReadFile(path.c_str()) != 0;
}

// Runs the reader; turns the errors it reports, or an output without blocks, into an
// InputError naming the file.
vtkMultiBlockDataSet* run_reader(vtkAlgorithm* reader, const std::string& path,
                                 const std::string& format) {
    VtkErrors errors(reader);
    reader->Update();
    auto* output = vtkMultiBlockDataSet::SafeDownCast(reader->GetOutputDataObject(0));
    if (errors.any() || !output)
        throw InputError(path, 0,
                         "VTK's " + format + " reader cannot read the file" +
                             (errors.any() ? ": " + errors.message() : std::string()));
    return output;
}

// The mesh of each leaf block, in order; `what` names the blocks in errors ("zone").
std::vector<Mesh> meshes_of_leaves(vtkMultiBlockDataSet* output, const std::string& path,
                                   const std::string& what) {
    std::vector<Mesh> meshes;
    vtkSmartPointer<vtkDataObjectTreeIterator> it;
    it.TakeReference(output->NewTreeIterator());
    it->VisitOnlyLeavesOn();
    for (it->InitTraversal(); !it->IsDoneWithTraversal(); it->GoToNextItem()) {
        vtkDataObject* leaf = it->GetCurrentDataObject();
        const char* name = it->GetCurrentMetaData()->Get(vtkCompositeDataSet::NAME());
        const std::string label = what + " '" + (name ? name : "") + "'";
        auto* grid = vtkUnstructuredGrid::SafeDownCast(leaf);
        if (!grid)
            throw InputError(path, 0,
                             label + " is a " + leaf->GetClassName() +
                                 ", not an unstructured grid: only unstructured " + what +
                                 "s are read (convert structured ones to unstructured first)");
        if (grid->GetNumberOfCells() > 0) meshes.push_back(mesh_of_vtk_grid(grid, path));
    }
    if (meshes.empty()) throw InputError(path, 0, "empty mesh: no " + what + " holds cells");
    return meshes;
}

// The mesh with the points of equal key (same_as[p]: the first point with p's key) made one:
// points keep the order of their first occurrence, with its coordinates and point arrays.
Mesh merge_points(const Mesh& mesh, const std::vector<PointId>& same_as) {
    std::vector<PointId> kept, new_id(std::size_t(mesh.num_points()), -1);
    for (PointId p = 0; p < mesh.num_points(); ++p)
        if (same_as[std::size_t(p)] == p) {
            new_id[std::size_t(p)] = PointId(kept.size());
            kept.push_back(p);
        }
    Mesh out;
    out.dim = mesh.dim;
    out.point_count = PointId(kept.size());
    for (PointId p : kept)
        out.points.insert(out.points.end(), mesh.points.begin() + std::ptrdiff_t(p) * mesh.dim,
                          mesh.points.begin() + std::ptrdiff_t(p + 1) * mesh.dim);
    std::vector<PointId> nodes;
    for (CellId c = 0; c < mesh.num_cells(); ++c) {
        nodes.clear();
        for (PointId p : mesh.cell(c))
            nodes.push_back(new_id[std::size_t(same_as[std::size_t(p)])]);
        out.add_cell(mesh.cell_types[std::size_t(c)], nodes, mesh.faces(c));
    }
    out.cell_data = mesh.cell_data;
    for (const MeshArray& array : mesh.point_data) out.point_data.push_back(array.subset(kept));
    out.physical_groups = mesh.physical_groups;
    return out;
}

// same_as for merge_points: each point's first point with the same key.
template <typename Key, typename KeyOf>
std::vector<PointId> first_with_same_key(const Mesh& mesh, KeyOf key_of) {
    std::map<Key, PointId> first;
    std::vector<PointId> same_as(std::size_t(mesh.num_points()));
    for (PointId p = 0; p < mesh.num_points(); ++p)
        same_as[std::size_t(p)] = first.emplace(key_of(p), p).first->second;
    return same_as;
}

Mesh appended(const std::vector<Mesh>& blocks, const std::string& path) {
    try {
        return append_meshes(blocks);
    } catch (const MeshError& e) {
        throw InputError(path, 0, e.what());
    }
}

MeshArray renamed(const MeshArray& array, const std::string& name) {
    MeshArray out(name, array.type(), array.components(), array.num_tuples());
    std::copy_n(static_cast<const unsigned char*>(array.data()), array.size_bytes(),
                static_cast<unsigned char*>(out.data()));
    return out;
}

} // namespace

Mesh read_exodus_mesh(const std::string& path) {
    // Exodus II files are netCDF files: classic, 64-bit offset, CDF5 or netCDF-4 (HDF5).
    check_readable(path, "Exodus II", {"CDF\x01", "CDF\x02", "CDF\x05", kHdf5Signature});
    vtkNew<vtkExodusIIReader> reader;
    if (!can_read(reader.Get(), path))
        throw InputError(path, 0, "not an Exodus II file (netCDF could not open it)");
    reader->SetFileName(path.c_str());
    reader->SetGenerateObjectIdCellArray(1);   // the block id of each cell
    reader->SetGenerateImplicitNodeIdArray(1); // how the blocks share nodes
    reader->SetGenerateGlobalElementIdArray(0);
    reader->SetGenerateGlobalNodeIdArray(0);
    reader->SetGenerateImplicitElementIdArray(0);
    reader->SetGenerateFileIdArray(0);
    const Mesh all = appended(
        meshes_of_leaves(run_reader(reader, path, "Exodus II"), path, "element block"), path);
    const MeshArray* node_ids = all.find_point_array("ImplicitNodeId");
    const MeshArray* block_ids = all.find_cell_array("ObjectId");
    if (!node_ids || !block_ids)
        throw InputError(path, 0, "VTK's Exodus II reader gave no node ids or block ids");
    Mesh mesh = merge_points(all, first_with_same_key<double>(all, [&](PointId p) {
                                 return node_ids->value(std::size_t(p));
                             }));
    mesh.point_data = arrays_without(mesh.point_data, {"ImplicitNodeId", "PedigreeNodeId"});
    const MeshArray element_block = renamed(*block_ids, "element_block");
    mesh.cell_data = arrays_without(mesh.cell_data, {"ObjectId", "PedigreeElementId"});
    mesh.cell_data.push_back(element_block);
    return mesh;
}

Mesh read_cgns_mesh(const std::string& path) {
    // CGNS files are HDF5 files or, from older writers, ADF files.
    check_readable(path, "CGNS", {kHdf5Signature, "@(#)"});
    vtkNew<vtkCGNSReader> reader;
    if (!can_read(reader.Get(), path))
        throw InputError(path, 0, "not a CGNS file (the CGNS library could not open it)");
    reader->SetFileName(path.c_str());
    reader->SetLoadBndPatch(false);
    const Mesh all =
        appended(meshes_of_leaves(run_reader(reader, path, "CGNS"), path, "zone"), path);
    // Zones have their own points; those on an interface between zones are repeated.
    return merge_points(all, first_with_same_key<std::array<double, 3>>(all, [&](PointId p) {
                            std::array<double, 3> xyz{0, 0, 0};
                            std::copy_n(all.points.begin() + std::ptrdiff_t(p) * all.dim, all.dim,
                                        xyz.begin());
                            return xyz;
                        }));
}

bool is_openfoam_case(const std::string& path) {
    const fs::path p(path);
    return p.extension() == ".foam" || p.filename() == "controlDict" || fs::is_directory(p);
}

Mesh read_openfoam_mesh(const std::string& path) {
    // The reader finds the case from a file in it: its .foam file or system/controlDict.
    const std::string file =
        fs::is_directory(path) ? (fs::path(path) / "system" / "controlDict").string() : path;
    if (!fs::exists(file))
        throw InputError(path, 0,
                         fs::is_directory(path)
                             ? "not an OpenFOAM case: it has no system/controlDict"
                             : "cannot open the file: it does not exist");
    if (!fs::is_directory(fs::path(file).parent_path().parent_path() / "constant" / "polyMesh") &&
        !fs::is_directory(fs::path(file).parent_path() / "constant" / "polyMesh"))
        throw InputError(path, 0, "not an OpenFOAM case: it has no constant/polyMesh");
    check_readable(file, "OpenFOAM", {});
    vtkNew<vtkOpenFOAMReader> reader;
    reader->SetFileName(file.c_str());
    reader->SetCreateCellToPoint(0);
    reader->SetDecomposePolyhedra(0); // a polyhedron is one graph vertex
    reader->SetReadZones(0);
    reader->SetCacheMesh(0);
    {
        VtkErrors errors(reader);
        reader->UpdateInformation();
        if (errors.any())
            throw InputError(path, 0,
                             "VTK's OpenFOAM reader cannot read the case: " + errors.message());
    }
    // Only the internal mesh: the patches are boundary faces.
    for (int i = 0; i < reader->GetNumberOfPatchArrays(); ++i) {
        const std::string name = reader->GetPatchArrayName(i);
        reader->SetPatchArrayStatus(name.c_str(), name == "internalMesh" ? 1 : 0);
    }
    std::vector<Mesh> blocks =
        meshes_of_leaves(run_reader(reader, path, "OpenFOAM"), path, "region");
    if (blocks.size() != 1)
        throw InputError(path, 0,
                         "expected one internal mesh, found " + std::to_string(blocks.size()) +
                             " regions: multi-region cases are not read");
    return std::move(blocks.front());
}

} // namespace part::formats
