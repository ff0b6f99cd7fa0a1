#include "formats/vtk_multiblock_mesh.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <string_view>

#include <vtkCGNSReader.h>
#include <vtkCellData.h>
#include <vtkCellType.h>
#include <vtkDataObjectTreeIterator.h>
#include <vtkExodusIIReader.h>
#include <vtkIdList.h>
#include <vtkInformation.h>
#include <vtkMultiBlockDataSet.h>
#include <vtkNew.h>
#include <vtkOpenFOAMReader.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
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

// The name of child i of `blocks`, or null.
const char* block_name(vtkMultiBlockDataSet* blocks, unsigned i) {
    return blocks->HasMetaData(i) ? blocks->GetMetaData(i)->Get(vtkCompositeDataSet::NAME())
                                  : nullptr;
}

// A leaf block as an unstructured grid; `what` names the blocks in errors ("zone").
vtkUnstructuredGrid* unstructured_leaf(vtkDataObject* leaf, const char* name,
                                       const std::string& what, const std::string& path) {
    auto* grid = vtkUnstructuredGrid::SafeDownCast(leaf);
    if (!grid)
        throw InputError(path, 0,
                         what + " '" + (name ? name : "") + "' is a " + leaf->GetClassName() +
                             ", not an unstructured grid: only unstructured " + what +
                             "s are read (convert structured ones to unstructured first)");
    return grid;
}

// A copy of `grid` without its empty cells. VTK's Exodus reader gives an empty cell for a side
// it cannot build (an edge side of a shell element, say), which no boundary element can stand for.
vtkSmartPointer<vtkUnstructuredGrid> without_empty_cells(vtkUnstructuredGrid* grid) {
    auto kept = vtkSmartPointer<vtkUnstructuredGrid>::New();
    kept->SetPoints(grid->GetPoints());
    kept->GetPointData()->ShallowCopy(grid->GetPointData());
    kept->GetCellData()->CopyAllocate(grid->GetCellData());
    vtkNew<vtkIdList> nodes;
    for (vtkIdType c = 0; c < grid->GetNumberOfCells(); ++c) {
        if (grid->GetCellType(c) == VTK_EMPTY_CELL) continue;
        grid->GetCellPoints(c, nodes);
        const vtkIdType at = kept->InsertNextCell(grid->GetCellType(c), nodes);
        kept->GetCellData()->CopyData(grid->GetCellData(), c, at);
    }
    return kept;
}

// The mesh of each leaf block of `blocks` that holds cells, in order; `what` names the blocks
// in errors ("zone"). `skip_empty`: leave out the empty cells (see without_empty_cells) instead
// of refusing them.
std::vector<Mesh> leaf_meshes(vtkMultiBlockDataSet* blocks, const std::string& path,
                              const std::string& what, bool skip_empty = false) {
    std::vector<Mesh> meshes;
    vtkSmartPointer<vtkDataObjectTreeIterator> it;
    it.TakeReference(blocks->NewTreeIterator());
    it->VisitOnlyLeavesOn();
    for (it->InitTraversal(); !it->IsDoneWithTraversal(); it->GoToNextItem()) {
        const char* name = it->GetCurrentMetaData()->Get(vtkCompositeDataSet::NAME());
        vtkSmartPointer<vtkUnstructuredGrid> grid =
            unstructured_leaf(it->GetCurrentDataObject(), name, what, path);
        if (skip_empty) grid = without_empty_cells(grid);
        if (grid->GetNumberOfCells() > 0) meshes.push_back(mesh_of_vtk_grid(grid, path));
    }
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

// Point p's coordinates as a key, 0 for the missing ones of 2-D points.
std::array<double, 3> coordinates_of(const Mesh& mesh, PointId p) {
    std::array<double, 3> xyz{0, 0, 0};
    std::copy_n(mesh.points.begin() + std::ptrdiff_t(p) * mesh.dim, mesh.dim, xyz.begin());
    return xyz;
}

Mesh appended(const std::vector<Mesh>& blocks, const std::string& path) {
    try {
        return append_meshes(blocks);
    } catch (const MeshError& e) {
        throw InputError(path, 0, e.what());
    }
}

// `array` named `name` with `tuples` tuples (at least its own): its own, then zeros.
MeshArray resized(const MeshArray& array, const std::string& name, std::size_t tuples) {
    MeshArray out(name, array.type(), array.components(), tuples);
    std::copy_n(static_cast<const unsigned char*>(array.data()), array.size_bytes(),
                static_cast<unsigned char*>(out.data()));
    return out;
}

// The child of the Exodus reader's output that holds one kind of object: "Element Blocks",
// "Side Sets", ... (the reader names each child so).
vtkMultiBlockDataSet* exodus_objects(vtkMultiBlockDataSet* output, const std::string& kind,
                                     const std::string& path) {
    for (unsigned i = 0; i < output->GetNumberOfBlocks(); ++i) {
        const char* name = block_name(output, i);
        auto* child = vtkMultiBlockDataSet::SafeDownCast(output->GetBlock(i));
        if (name && name == kind && child) return child;
    }
    throw InputError(path, 0, "VTK's Exodus II reader gave no " + kind);
}

// `faces` (a side set) with the arrays of `model` (an element block), so that the two append:
// the arrays both have are kept, the others are zero on the faces (element results do not
// apply to them).
Mesh shaped_like(Mesh faces, const Mesh& model) {
    auto conform = [](const std::vector<MeshArray>& own, const std::vector<MeshArray>& wanted,
                      std::size_t tuples) {
        std::vector<MeshArray> out;
        for (const MeshArray& w : wanted) {
            auto same = std::find_if(own.begin(), own.end(), [&](const MeshArray& a) {
                return a.name() == w.name() && a.type() == w.type() &&
                       a.components() == w.components();
            });
            out.push_back(
                same != own.end() ? *same : MeshArray(w.name(), w.type(), w.components(), tuples));
        }
        return out;
    };
    faces.cell_data = conform(faces.cell_data, model.cell_data, std::size_t(faces.num_cells()));
    faces.point_data = conform(faces.point_data, model.point_data, std::size_t(faces.num_points()));
    return faces;
}

// The block id of each cell as "element_block": 0 on the side sets' faces (the cells from
// `block_cells` on).
MeshArray element_blocks(const MeshArray& object_ids, CellId block_cells) {
    MeshArray blocks = resized(object_ids, "element_block", object_ids.num_tuples());
    for (std::size_t c = std::size_t(block_cells); c < blocks.num_tuples(); ++c)
        blocks.set_value(c, 0, 0);
    return blocks;
}

// The physical tag of each cell: its element block's id, or its side set's (zero_tag for id 0).
// Below the top dimension this makes the faces of lower-dimensional blocks and of side sets the
// mesh's tagged boundary elements, as gmsh's physical surfaces are. Id 0 is no tag (gmsh's
// convention): the objects of id 0 take this tag instead, one above the largest id.
std::int32_t tag_for_id_zero(const MeshArray& object_ids) {
    double largest = 0;
    for (std::size_t c = 0; c < object_ids.num_tuples(); ++c)
        largest = std::max(largest, object_ids.value(c));
    return std::int32_t(largest) + 1;
}

MeshArray physical_tags(const MeshArray& object_ids, std::int32_t zero_tag) {
    MeshArray tags = resized(object_ids, kPhysicalTagArray, object_ids.num_tuples());
    for (std::size_t c = 0; c < tags.num_tuples(); ++c)
        if (tags.value(c) == 0) tags.set_value(c, 0, zero_tag);
    return tags;
}

// The name the file gives an object; empty for the names VTK makes up for unnamed ones.
std::string exodus_name(vtkExodusIIReader& reader, int type, int id) {
    for (int i = 0; i < reader.GetNumberOfObjects(type); ++i)
        if (reader.GetObjectId(type, i) == id) {
            const std::string name = reader.GetObjectName(type, i);
            return name.starts_with("Unnamed ") ? std::string() : name;
        }
    return {};
}

// The named physical groups of the tags: one per element block and side set. A block of faces
// and a side set of one id would make one group of two objects: refused.
std::vector<PhysicalGroup> exodus_groups(vtkExodusIIReader& reader, const Mesh& mesh,
                                         const MeshArray& object_ids, CellId block_cells,
                                         std::int32_t zero_tag, const std::string& path) {
    std::map<std::pair<int, std::int32_t>, bool> from_side_set; // (dim, id) -> which object
    std::vector<PhysicalGroup> groups;
    for (CellId c = 0; c < mesh.num_cells(); ++c) {
        const int dim = cell_dimension(mesh.cell_types[std::size_t(c)]);
        const auto id = std::int32_t(object_ids.value(std::size_t(c)));
        const bool side_set = c >= block_cells;
        const auto [at, added] = from_side_set.emplace(std::pair{dim, id}, side_set);
        if (!added && at->second != side_set)
            throw InputError(path, 0,
                             "element block " + std::to_string(id) + " and side set " +
                                 std::to_string(id) +
                                 " both hold faces: their cells would share one boundary tag; "
                                 "give them different ids");
        if (!added) continue;
        const std::string name = exodus_name(
            reader, side_set ? vtkExodusIIReader::SIDE_SET : vtkExodusIIReader::ELEM_BLOCK, id);
        if (id == 0) // its tag is not its id: the name says which object it is
            groups.push_back(
                {dim, zero_tag, name.empty() ? side_set ? "side set 0" : "element block 0" : name});
        else if (!name.empty())
            groups.push_back({dim, id, name});
    }
    std::sort(groups.begin(), groups.end(), [](const PhysicalGroup& a, const PhysicalGroup& b) {
        return std::pair{a.dim, a.tag} < std::pair{b.dim, b.tag};
    });
    return groups;
}

// What VTK's CGNS reader gives when it loads the boundary patches: Base > Zone > {Internal,
// Patches > one grid per boundary condition}. Each patch is named after its family (the
// boundary conditions of one family, in every zone, are one group) or else its own name.
struct CgnsBlocks {
    std::vector<Mesh> zones, patches;
    std::vector<std::string> patch_names;
    std::vector<PhysicalGroup> groups; // filled by with_patches
};

// `zone`: the name of the block holding `block`, for errors on its "Internal" grid.
void collect_cgns_blocks(vtkMultiBlockDataSet* block, bool in_patches, const std::string& zone,
                         const std::string& path, CgnsBlocks& out) {
    for (unsigned i = 0; i < block->GetNumberOfBlocks(); ++i) {
        vtkDataObject* child = block->GetBlock(i);
        if (!child) continue;
        vtkInformation* meta = block->HasMetaData(i) ? block->GetMetaData(i) : nullptr;
        const char* name = meta ? meta->Get(vtkCompositeDataSet::NAME()) : nullptr;
        if (auto* children = vtkMultiBlockDataSet::SafeDownCast(child)) {
            collect_cgns_blocks(children, in_patches || (name && std::string(name) == "Patches"),
                                name ? name : "", path, out);
            continue;
        }
        const bool internal = name && std::string(name) == "Internal";
        auto* grid = unstructured_leaf(child, internal ? zone.c_str() : name,
                                       in_patches ? "patch" : "zone", path);
        if (grid->GetNumberOfCells() == 0) continue;
        (in_patches ? out.patches : out.zones).push_back(mesh_of_vtk_grid(grid, path));
        const char* family = meta ? meta->Get(vtkCGNSReader::FAMILY()) : nullptr;
        if (in_patches) out.patch_names.push_back(family && *family ? family : name ? name : "");
    }
}

// The zones, then the patches as their tagged boundary elements: the patches of one name share
// a physical tag (1, 2, ... in order of first appearance) and group. Sets blocks.groups.
std::vector<Mesh> with_patches(CgnsBlocks&& blocks) {
    std::vector<Mesh> meshes = std::move(blocks.zones);
    for (Mesh& zone : meshes)
        zone.cell_data.push_back(MeshArray::from_values(
            kPhysicalTagArray, 1, std::vector<std::int32_t>(std::size_t(zone.num_cells()), 0)));
    std::map<std::string, std::int32_t> tag_of;
    for (std::size_t i = 0; i < blocks.patches.size(); ++i) {
        const std::string& name = blocks.patch_names[i];
        const auto [at, added] = tag_of.emplace(name, std::int32_t(tag_of.size() + 1));
        Mesh patch = shaped_like(std::move(blocks.patches[i]), meshes.front());
        if (added) // collect_cgns_blocks keeps only patches with cells
            blocks.groups.push_back(
                {top_dimension(patch), at->second, name.empty() ? "patch" : name});
        for (auto& array : patch.cell_data)
            if (array.name() == kPhysicalTagArray)
                for (std::size_t c = 0; c < array.num_tuples(); ++c)
                    array.set_value(c, 0, at->second);
        meshes.push_back(std::move(patch));
    }
    return meshes;
}

// What VTK's OpenFOAM reader gives with the patches on: {internalMesh, boundary > one polydata
// per patch, named by the patch, in the order of constant/polyMesh/boundary}.
struct FoamBlocks {
    vtkUnstructuredGrid* internal = nullptr;
    std::vector<std::pair<std::string, vtkPolyData*>> patches;
};

// Throws InputError unless the output holds one internal mesh: multi-region cases are not read.
FoamBlocks foam_blocks(vtkMultiBlockDataSet* output, const std::string& path) {
    FoamBlocks blocks;
    std::size_t regions = 0; // blocks of cells other than the patches
    for (unsigned i = 0; i < output->GetNumberOfBlocks(); ++i) {
        const char* raw_name = block_name(output, i);
        const std::string name = raw_name ? raw_name : "";
        vtkDataObject* block = output->GetBlock(i);
        auto* children = vtkMultiBlockDataSet::SafeDownCast(block);
        if (children && name == "boundary") {
            for (unsigned k = 0; k < children->GetNumberOfBlocks(); ++k) {
                const char* patch_name = block_name(children, k);
                if (auto* faces = vtkPolyData::SafeDownCast(children->GetBlock(k)))
                    blocks.patches.emplace_back(patch_name ? patch_name : "", faces);
            }
        } else if (children) {
            regions += leaf_meshes(children, path, "region").size();
        } else if (block) {
            auto* grid = unstructured_leaf(block, name.c_str(), "region", path);
            if (grid->GetNumberOfCells() == 0) continue;
            ++regions;
            if (name == "internalMesh") blocks.internal = grid;
        }
    }
    if (!blocks.internal || regions != 1)
        throw InputError(path, 0,
                         "expected one internal mesh, found " + std::to_string(regions) +
                             " regions: multi-region cases are not read");
    return blocks;
}

// The cell type of a boundary face of `count` nodes: OpenFOAM's faces are polygons, those of 3
// and 4 nodes triangles and quadrilaterals as in every other format.
CellType face_type(vtkIdType count) {
    return count == 3   ? CellType::Triangle
           : count == 4 ? CellType::Quadrilateral
                        : CellType::Polygon;
}

// Adds the faces of each patch that has faces to `mesh` (the internal mesh) as boundary
// elements: tags 1, 2, ... in patch order, each a physical group named by its patch. The
// reader gives a patch its own points, copies of the internal mesh's (both come from the
// points file, so equal to the bit): faces are put on the internal mesh's points by
// coordinates. Cell arrays are zero on the faces.
void add_patches(Mesh& mesh, const FoamBlocks& blocks, const std::string& path) {
    std::map<std::array<double, 3>, PointId> point_at;
    for (PointId p = 0; p < mesh.num_points(); ++p) point_at.emplace(coordinates_of(mesh, p), p);
    const auto cells = std::size_t(mesh.num_cells());
    std::vector<std::int32_t> tags(cells, 0);
    std::vector<PointId> nodes;
    vtkNew<vtkIdList> ids;
    for (const auto& [name, faces] : blocks.patches) {
        if (faces->GetNumberOfCells() == 0) continue; // nothing to keep
        const auto tag = std::int32_t(mesh.physical_groups.size() + 1);
        mesh.physical_groups.push_back({2, tag, name});
        for (vtkIdType f = 0; f < faces->GetNumberOfCells(); ++f) {
            faces->GetCellPoints(f, ids);
            nodes.clear();
            for (vtkIdType k = 0; k < ids->GetNumberOfIds(); ++k) {
                double xyz[3];
                faces->GetPoint(ids->GetId(k), xyz);
                const auto at = point_at.find({xyz[0], xyz[1], xyz[2]});
                if (at == point_at.end())
                    throw InputError(path, 0,
                                     "patch '" + name + "': face " + std::to_string(f) +
                                         " has a point (" + std::to_string(xyz[0]) + " " +
                                         std::to_string(xyz[1]) + " " + std::to_string(xyz[2]) +
                                         ") that is no point of the internal mesh");
                nodes.push_back(at->second);
            }
            mesh.add_cell(face_type(ids->GetNumberOfIds()), nodes);
            tags.push_back(tag);
        }
    }
    for (MeshArray& array : mesh.cell_data)
        array = resized(array, array.name(), std::size_t(mesh.num_cells()));
    mesh.cell_data.push_back(MeshArray::from_values(kPhysicalTagArray, 1, tags));
}

} // namespace

Mesh read_exodus_mesh(const std::string& path) {
    // Exodus II files are netCDF files: classic, 64-bit offset, CDF5 or netCDF-4 (HDF5).
    check_readable(path, "Exodus II", {"CDF\x01", "CDF\x02", "CDF\x05", kHdf5Signature});
    vtkNew<vtkExodusIIReader> reader;
    if (!can_read(reader.Get(), path))
        throw InputError(path, 0, "not an Exodus II file (netCDF could not open it)");
    reader->SetFileName(path.c_str());
    reader->SetGenerateObjectIdCellArray(1);   // the block or side set id of each cell
    reader->SetGenerateImplicitNodeIdArray(1); // how the blocks share nodes
    reader->SetGenerateGlobalElementIdArray(0);
    reader->SetGenerateGlobalNodeIdArray(0);
    reader->SetGenerateImplicitElementIdArray(0);
    reader->SetGenerateFileIdArray(0);
    {
        VtkErrors errors(reader);
        reader->UpdateInformation();
    }
    const auto side_sets = vtkExodusIIReader::SIDE_SET;
    for (int i = 0; i < reader->GetNumberOfObjects(side_sets); ++i)
        reader->SetObjectStatus(side_sets, i, 1);
    vtkMultiBlockDataSet* output = run_reader(reader, path, "Exodus II");
    std::vector<Mesh> blocks =
        leaf_meshes(exodus_objects(output, "Element Blocks", path), path, "element block");
    if (blocks.empty()) throw InputError(path, 0, "empty mesh: no element block holds cells");
    CellId block_cells = 0;
    for (const Mesh& block : blocks) block_cells += block.num_cells();
    for (Mesh& faces :
         leaf_meshes(exodus_objects(output, "Side Sets", path), path, "side set", true)) {
        if (!faces.find_point_array("ImplicitNodeId"))
            throw InputError(path, 0, "VTK's Exodus II reader gave no node ids for a side set");
        blocks.push_back(shaped_like(std::move(faces), blocks.front()));
    }
    const Mesh all = appended(blocks, path);
    const MeshArray* node_ids = all.find_point_array("ImplicitNodeId");
    const MeshArray* object_ids = all.find_cell_array("ObjectId");
    if (!node_ids || !object_ids)
        throw InputError(path, 0, "VTK's Exodus II reader gave no node ids or block ids");
    Mesh mesh = merge_points(all, first_with_same_key<double>(all, [&](PointId p) {
                                 return node_ids->value(std::size_t(p));
                             }));
    mesh.point_data = arrays_without(mesh.point_data, {"ImplicitNodeId", "PedigreeNodeId"});
    mesh.cell_data = arrays_without(mesh.cell_data, {"ObjectId", "PedigreeElementId"});
    mesh.cell_data.push_back(element_blocks(*object_ids, block_cells));
    const std::int32_t zero_tag = tag_for_id_zero(*object_ids);
    mesh.cell_data.push_back(physical_tags(*object_ids, zero_tag));
    mesh.physical_groups = exodus_groups(*reader, mesh, *object_ids, block_cells, zero_tag, path);
    return mesh;
}

Mesh read_cgns_mesh(const std::string& path) {
    // CGNS files are HDF5 files or, from older writers, ADF files.
    check_readable(path, "CGNS", {kHdf5Signature, "@(#)"});
    vtkNew<vtkCGNSReader> reader;
    if (!can_read(reader.Get(), path))
        throw InputError(path, 0, "not a CGNS file (the CGNS library could not open it)");
    reader->SetFileName(path.c_str());
    reader->SetLoadBndPatch(true);
    CgnsBlocks blocks;
    collect_cgns_blocks(run_reader(reader, path, "CGNS"), false, "", path, blocks);
    if (blocks.zones.empty()) throw InputError(path, 0, "empty mesh: no zone holds cells");
    const Mesh all = appended(with_patches(std::move(blocks)), path);
    // Zones have their own points; those on an interface between zones are repeated, and
    // VTK gives each patch its zone's points.
    Mesh mesh = merge_points(all, first_with_same_key<std::array<double, 3>>(
                                      all, [&](PointId p) { return coordinates_of(all, p); }));
    mesh.physical_groups = std::move(blocks.groups);
    return mesh;
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
    // The internal mesh and the patches, not their groups (group/wall, ...), which repeat
    // the patches' faces.
    for (int i = 0; i < reader->GetNumberOfPatchArrays(); ++i) {
        const std::string name = reader->GetPatchArrayName(i);
        reader->SetPatchArrayStatus(name.c_str(),
                                    name == "internalMesh" || name.starts_with("patch/") ? 1 : 0);
    }
    const FoamBlocks blocks = foam_blocks(run_reader(reader, path, "OpenFOAM"), path);
    Mesh mesh = mesh_of_vtk_grid(blocks.internal, path);
    add_patches(mesh, blocks, path);
    return mesh;
}

} // namespace part::formats
