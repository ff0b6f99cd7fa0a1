#include "formats/vtk_mesh.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <numeric>
#include <utility>

#include <vtkAlgorithm.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCellType.h>
#include <vtkCellTypes.h>
#include <vtkDataArray.h>
#include <vtkDataSetAttributes.h>
#include <vtkFieldData.h>
#include <vtkIdList.h>
#include <vtkIdTypeArray.h>
#include <vtkInformation.h>
#include <vtkInformationVector.h>
#include <vtkIntArray.h>
#include <vtkObjectFactory.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkSmartPointer.h>
#include <vtkStreamingDemandDrivenPipeline.h>
#include <vtkStringArray.h>
#include <vtkUnsignedCharArray.h>
#include <vtkUnstructuredGrid.h>
#include <vtkUnstructuredGridAlgorithm.h>
#include <vtkUnstructuredGridReader.h>
#include <vtkXMLPUnstructuredGridWriter.h>
#include <vtkXMLUnstructuredGridReader.h>
#include <vtkXMLUnstructuredGridWriter.h>

#include "formats/atomic_output.hpp"
#include "formats/line_reader.hpp"
#include "formats/mesh_file.hpp"
#include "formats/vtk_errors.hpp"
#include "formats/vtk_lagrange_order.hpp"
#include "formats/vtk_legacy_check.hpp"
#include "formats/vtk_xml_check.hpp"
#include "libpart/mesh/append_meshes.hpp"
#include "libpart/mesh/join_pieces.hpp"

namespace part::formats {

namespace {

namespace fs = std::filesystem;

// Sets `value` to the enumerator whose position in `table` holds `vtk_type`; false if none does.
template <typename Enum, std::size_t N>
bool enum_of_vtk(const int (&table)[N], int vtk_type, Enum& value) {
    const auto* it = std::find(table, table + N, vtk_type);
    value = Enum(it == table + N ? 0 : it - table);
    return it != table + N;
}

int vtk_type_of(CellType type) {
    return kVtkCellTypes[static_cast<int>(type)];
}

// The VTK type of cell c: its family's linear type, or the higher-order form its node count
// makes (validate() has checked it has one).
int vtk_type_of_cell(const Mesh& mesh, CellId c) {
    const CellType family = mesh.cell_types[c];
    const HighOrderForm* form = higher_order_form(family, int(mesh.cell(c).size()));
    return form && !has_own_node_count(family) ? form->vtk_type : vtk_type_of(family);
}

// VTK's Lagrange cells (VTK_LAGRANGE_CURVE 68 ... VTK_LAGRANGE_WEDGE 73) take their order from
// their point count. Mesh holds those of order 3 to kMaxLagrangeOrder as they are: corners
// first, in VTK's order (vtkHigherOrder*), like every higher-order form.
bool is_lagrange_vtk(int vtk_type) {
    return vtk_type >= VTK_LAGRANGE_CURVE && vtk_type <= VTK_LAGRANGE_WEDGE;
}

// Why VTK's other arbitrary-order cells (up to VTK_BEZIER_PYRAMID 81) are refused.
std::string lagrange_hint(int vtk_type) {
    if (vtk_type < VTK_LAGRANGE_CURVE || vtk_type > VTK_BEZIER_PYRAMID) return "";
    return " (Bezier cells and Lagrange pyramids are not supported, VTK 9.1 having no Lagrange "
           "pyramid class: write Lagrange cells, VTK types 68-73, or quadratic cells, 21-34 "
           "and 37)";
}

// The family and node count of a VTK cell type, linear or quadratic; a Lagrange type's family
// with node count 0 (any order: see LagrangeCells); false if none.
bool family_of_vtk(int vtk_type, CellType& family, int& num_nodes) {
    if (enum_of_vtk(kVtkCellTypes, vtk_type, family)) {
        num_nodes = cell_num_nodes(family);
        return true;
    }
    for (const HighOrderForm& form : higher_order_forms())
        if (form.vtk_type == vtk_type) {
            family = form.family;
            num_nodes = is_lagrange_vtk(vtk_type) ? 0 : form.num_nodes;
            return true;
        }
    return false;
}

// How the nodes of VTK's Lagrange cells go into Mesh: those of a complete cell of order 3 to
// kMaxLagrangeOrder as they are; those of order 1 and 2, whose node counts are the linear and
// quadratic cells' (with other node orders), reordered as those cells
// (vtk_lagrange_order.hpp, once per type and count).
class LagrangeCells {
  public:
    // The reordering of Lagrange cell c of VTK type `vtk_type` with `count` points: null to keep
    // its nodes, else node k of the cell Mesh holds is its node (*result)[k]. Other counts fail
    // with an InputError listing the counts read.
    const std::vector<int>* reordering(const std::string& path, vtkIdType c, CellType family,
                                       int vtk_type, vtkIdType count) {
        const int n = int(std::min<vtkIdType>(count, 1 << 20));
        const HighOrderForm* form = higher_order_form(family, n);
        if (form && form->vtk_type == vtk_type) return nullptr;
        auto [it, added] = low_order_.try_emplace({vtk_type, n});
        if (added) it->second = lagrange_to_low_order(vtk_type, family, n);
        if (!it->second.empty()) return &it->second;
        std::string counts = std::to_string(cell_num_corners(family));
        for (const HighOrderForm& f : higher_order_forms())
            if (f.family == family &&
                (f.vtk_type == vtk_type ||
                 !lagrange_to_low_order(vtk_type, family, f.num_nodes).empty()))
                counts += ", " + std::to_string(f.num_nodes);
        throw InputError(path, 0,
                         "cell " + std::to_string(c) + " (VTK Lagrange " + cell_name(family) +
                             ", type " + std::to_string(vtk_type) + ") has " +
                             std::to_string(count) +
                             " points: expected a complete cell of order 1 to " +
                             std::to_string(kMaxLagrangeOrder) + " (" + counts + " points)");
    }

  private:
    std::map<std::pair<int, int>, std::vector<int>> low_order_;
};

// VTK's scalar types in ScalarType order, as written; the synonyms below are read too.
constexpr int kVtkScalarTypes[] = {
    VTK_SIGNED_CHAR, VTK_UNSIGNED_CHAR, VTK_SHORT,     VTK_UNSIGNED_SHORT,
    VTK_INT,         VTK_UNSIGNED_INT,  VTK_LONG_LONG, VTK_UNSIGNED_LONG_LONG,
    VTK_FLOAT,       VTK_DOUBLE};
constexpr std::pair<int, ScalarType> kVtkScalarSynonyms[] = {
    {VTK_CHAR, ScalarType::Int8},
    {VTK_LONG, ScalarType::Int64},
    {VTK_ID_TYPE, ScalarType::Int64},
    {VTK_UNSIGNED_LONG, ScalarType::UInt64}};

bool scalar_type_of_vtk(int vtk_type, ScalarType& type) {
    for (const auto& [synonym, scalar] : kVtkScalarSynonyms)
        if (vtk_type == synonym) vtk_type = kVtkScalarTypes[static_cast<int>(scalar)];
    return enum_of_vtk(kVtkScalarTypes, vtk_type, type);
}

int vtk_type_of(ScalarType type) {
    return kVtkScalarTypes[static_cast<int>(type)];
}

// Numeric arrays of a VTK attribute set; string and other arrays have no meaning here.
std::vector<MeshArray> arrays_of(vtkDataSetAttributes* attributes) {
    std::vector<MeshArray> arrays;
    for (int i = 0; i < attributes->GetNumberOfArrays(); ++i) {
        vtkDataArray* a = attributes->GetArray(i);
        ScalarType type;
        if (!a || !a->GetName() || !scalar_type_of_vtk(a->GetDataType(), type)) continue;
        MeshArray array(a->GetName(), type, a->GetNumberOfComponents(),
                        std::size_t(a->GetNumberOfTuples()));
        if (array.size_bytes() > 0)
            std::memcpy(array.data(), a->GetVoidPointer(0), array.size_bytes());
        arrays.push_back(std::move(array));
    }
    return arrays;
}

vtkSmartPointer<vtkDataArray> vtk_array_of(const MeshArray& array) {
    vtkSmartPointer<vtkDataArray> a;
    a.TakeReference(vtkDataArray::CreateDataArray(vtk_type_of(array.type())));
    a->SetName(array.name().c_str());
    a->SetNumberOfComponents(array.components());
    a->SetNumberOfTuples(vtkIdType(array.num_tuples()));
    if (array.size_bytes() > 0) std::memcpy(a->GetVoidPointer(0), array.data(), array.size_bytes());
    return a;
}

// gmsh's physical group names as field data, so that ParaView shows which tag is which:
// "gmsh:physical_groups" (dimension and tag per group) and "gmsh:physical_names", in order.
constexpr const char* kGroupsArray = "gmsh:physical_groups";
constexpr const char* kNamesArray = "gmsh:physical_names";

void add_physical_groups(vtkUnstructuredGrid* grid, const Mesh& mesh) {
    if (mesh.physical_groups.empty()) return;
    vtkNew<vtkIntArray> groups;
    groups->SetName(kGroupsArray);
    groups->SetNumberOfComponents(2);
    vtkNew<vtkStringArray> names;
    names->SetName(kNamesArray);
    for (const PhysicalGroup& group : mesh.physical_groups) {
        const int dim_and_tag[2] = {group.dim, group.tag};
        groups->InsertNextTypedTuple(dim_and_tag);
        names->InsertNextValue(group.name.c_str());
    }
    grid->GetFieldData()->AddArray(groups);
    grid->GetFieldData()->AddArray(names);
}

// The groups add_physical_groups wrote, if the grid has them.
std::vector<PhysicalGroup> physical_groups_of(vtkUnstructuredGrid* grid) {
    std::vector<PhysicalGroup> result;
    auto* groups = vtkIntArray::SafeDownCast(grid->GetFieldData()->GetAbstractArray(kGroupsArray));
    auto* names = vtkStringArray::SafeDownCast(grid->GetFieldData()->GetAbstractArray(kNamesArray));
    if (!groups || !names || groups->GetNumberOfComponents() != 2 ||
        groups->GetNumberOfTuples() != names->GetNumberOfValues())
        return result;
    for (vtkIdType i = 0; i < groups->GetNumberOfTuples(); ++i)
        result.push_back(
            {groups->GetTypedComponent(i, 0), groups->GetTypedComponent(i, 1), names->GetValue(i)});
    return result;
}

// VTK's readers build a grid from what the file declares; a grid whose cell types, offsets
// and connectivity disagree would make the accessors mesh_of_grid uses read out of bounds.
void check_cell_arrays(vtkUnstructuredGrid* grid, const std::string& path) {
    vtkCellArray* cells = grid->GetCells();
    const vtkIdType num_cells = grid->GetNumberOfCells();
    if (num_cells == 0) return;
    vtkUnsignedCharArray* types = grid->GetCellTypesArray();
    if (!cells || !types || types->GetNumberOfTuples() != num_cells)
        throw InputError(path, 0,
                         "the grid has " + std::to_string(num_cells) + " cells but " +
                             std::to_string(types ? types->GetNumberOfTuples() : 0) +
                             " cell types");
    vtkDataArray* offsets = cells->GetOffsetsArray();
    const vtkIdType num_ids = cells->GetConnectivityArray()->GetNumberOfTuples();
    double previous = 0;
    for (vtkIdType c = 0; c <= num_cells; ++c) {
        const double offset = offsets->GetTuple1(c);
        if (offset < previous || offset > double(num_ids) || (c == 0 && offset != 0))
            throw InputError(path, 0,
                             "the grid's cell offsets are out of order or past its " +
                                 std::to_string(num_ids) + " point ids (cell " + std::to_string(c) +
                                 ")");
        previous = offset;
    }
}

// Polyhedron c's faces by position in its point list `ids`, as Mesh::add_cell takes them,
// from the grid's face stream (number of faces, then each face's size and point ids), which
// is checked against the grid's face array: a .vtu's faceoffsets may point anywhere.
std::vector<std::int32_t> local_faces(vtkUnstructuredGrid* grid, vtkIdType c, vtkIdList* ids,
                                      const std::string& path) {
    vtkIdTypeArray* stream = grid->GetFaces();
    vtkIdTypeArray* locations = grid->GetFaceLocations();
    const std::string cell = "cell " + std::to_string(c) + " (polyhedron)";
    if (!stream || !locations || locations->GetNumberOfTuples() <= c)
        throw InputError(path, 0, cell + " has no face list");
    const vtkIdType size = stream->GetNumberOfTuples();
    vtkIdType at = locations->GetValue(c);
    auto next = [&] {
        if (at < 0 || at >= size)
            throw InputError(path, 0, cell + ": its face list runs past the grid's faces");
        return stream->GetValue(at++);
    };
    const vtkIdType num_faces = next();
    std::vector<std::int32_t> faces;
    for (vtkIdType f = 0; f < num_faces; ++f) {
        const vtkIdType face_size = next();
        if (face_size < 3 || face_size > ids->GetNumberOfIds())
            throw InputError(path, 0,
                             cell + ": face " + std::to_string(f) + " has " +
                                 std::to_string(face_size) + " points: expected 3 to " +
                                 std::to_string(ids->GetNumberOfIds()));
        faces.push_back(std::int32_t(face_size));
        for (vtkIdType k = 0; k < face_size; ++k) {
            const vtkIdType p = next();
            const vtkIdType local = ids->IsId(p);
            if (local < 0)
                throw InputError(path, 0,
                                 cell + ": face " + std::to_string(f) + " uses point " +
                                     std::to_string(p) + ", which is not one of the cell's points");
            faces.push_back(std::int32_t(local));
        }
    }
    return faces;
}

} // namespace

Mesh mesh_of_vtk_grid(vtkUnstructuredGrid* grid, const std::string& path) {
    Mesh mesh;
    const vtkIdType num_points = grid->GetNumberOfPoints();
    const vtkIdType num_cells = grid->GetNumberOfCells();
    if (num_cells == 0) throw InputError(path, 0, "empty mesh: the grid has no cells");
    check_cell_arrays(grid, path);
    if (num_points > INT32_MAX - 1 || num_cells > INT32_MAX - 1)
        throw InputError(path, 0, "too many points or cells for 32-bit ids");
    mesh.point_count = PointId(num_points);
    mesh.points.resize(std::size_t(num_points) * 3);
    for (vtkIdType p = 0; p < num_points; ++p) grid->GetPoint(p, mesh.points.data() + 3 * p);
    set_dimension_from_points(mesh);
    mesh.cell_types.reserve(std::size_t(num_cells));
    vtkCellArray* connectivity = grid->GetCells();
    vtkNew<vtkIdList> ids;
    std::vector<PointId> nodes;
    std::vector<std::int32_t> faces;
    std::vector<PointId> lagrange_nodes;
    LagrangeCells lagrange;
    for (vtkIdType c = 0; c < num_cells; ++c) {
        const int vtk_type = grid->GetCellType(c);
        CellType type;
        int num_nodes = 0;
        if (!family_of_vtk(vtk_type, type, num_nodes))
            throw InputError(path, 0,
                             "cell " + std::to_string(c) + " has VTK cell type " +
                                 std::to_string(vtk_type) + " (" +
                                 (vtkCellTypes::GetClassNameFromTypeId(vtk_type)
                                      ? vtkCellTypes::GetClassNameFromTypeId(vtk_type)
                                      : "unknown") +
                                 "), which is not supported: expected " + supported_cell_names() +
                                 lagrange_hint(vtk_type));
        connectivity->GetCellAtId(c, ids);
        const std::vector<int>* reordering = nullptr;
        if (is_lagrange_vtk(vtk_type)) {
            reordering = lagrange.reordering(path, c, type, vtk_type, ids->GetNumberOfIds());
            num_nodes = int(ids->GetNumberOfIds());
        }
        if (!has_own_node_count(type) && ids->GetNumberOfIds() != num_nodes)
            throw InputError(path, 0,
                             "cell " + std::to_string(c) + " (" +
                                 cell_form_name(type, int(num_nodes)) + ") has " +
                                 std::to_string(ids->GetNumberOfIds()) + " points: expected " +
                                 std::to_string(num_nodes) +
                                 (ids->GetNumberOfIds() < num_nodes ? " (missing nodes)" : ""));
        if (has_own_node_count(type) && ids->GetNumberOfIds() > kMaxPolyhedronNodes)
            throw InputError(path, 0,
                             "cell " + std::to_string(c) + " (" + cell_name(type) + ") has " +
                                 std::to_string(ids->GetNumberOfIds()) + " points: at most " +
                                 std::to_string(kMaxPolyhedronNodes) + " are supported");
        nodes.resize(std::size_t(ids->GetNumberOfIds()));
        for (vtkIdType k = 0; k < ids->GetNumberOfIds(); ++k) {
            const vtkIdType p = ids->GetId(k);
            if (p < 0 || p >= num_points)
                throw InputError(path, 0,
                                 "cell " + std::to_string(c) + " refers to point " +
                                     std::to_string(p) + ", out of range: the grid has points 0.." +
                                     std::to_string(num_points - 1));
            nodes[k] = PointId(p);
        }
        if (reordering) {
            lagrange_nodes.assign(nodes.begin(), nodes.end());
            for (std::size_t k = 0; k < nodes.size(); ++k)
                nodes[k] = lagrange_nodes[std::size_t((*reordering)[k])];
        }
        faces.clear();
        if (type == CellType::Polyhedron) faces = local_faces(grid, c, ids, path);
        mesh.add_cell(type, nodes, faces);
    }
    mesh.point_data = arrays_of(grid->GetPointData());
    mesh.cell_data = arrays_of(grid->GetCellData());
    mesh.physical_groups = physical_groups_of(grid);
    return mesh;
}

namespace {

// The listed cells of the mesh, on the listed points, or on all points when `points` is null
// (an empty list is an empty piece), with their arrays and the physical groups. The `extra`
// cell arrays replace same-named ones; they hold a tuple per listed cell, or with
// `extra_positions` per selection position, of which each listed cell has one.
vtkSmartPointer<vtkUnstructuredGrid> grid_of(const Mesh& mesh, std::span<const CellId> mesh_cells,
                                             const std::vector<PointId>* points,
                                             const std::vector<CellId>* extra_positions,
                                             const std::vector<MeshArray>& extra) {
    auto grid = vtkSmartPointer<vtkUnstructuredGrid>::New();
    const bool all_points = points == nullptr;
    const std::size_t n = all_points ? std::size_t(mesh.num_points()) : points->size();
    vtkNew<vtkPoints> coords;
    coords->SetDataTypeToDouble();
    coords->SetNumberOfPoints(vtkIdType(n));
    std::vector<PointId> local;
    if (!all_points) local.assign(std::size_t(mesh.num_points()), -1);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t p = all_points ? i : std::size_t((*points)[i]);
        if (!all_points) local[p] = PointId(i);
        double xyz[3] = {0, 0, 0};
        std::copy_n(mesh.points.begin() + std::ptrdiff_t(p) * mesh.dim, mesh.dim, xyz);
        coords->SetPoint(vtkIdType(i), xyz);
    }
    grid->SetPoints(coords);
    grid->Allocate(vtkIdType(mesh_cells.size()));
    std::vector<vtkIdType> ids, faces;
    for (CellId c : mesh_cells) {
        const auto nodes = mesh.cell(c);
        ids.resize(nodes.size());
        for (std::size_t k = 0; k < nodes.size(); ++k)
            ids[k] = all_points ? nodes[k] : local[std::size_t(nodes[k])];
        if (mesh.cell_types[c] != CellType::Polyhedron) {
            grid->InsertNextCell(vtk_type_of_cell(mesh, c), vtkIdType(ids.size()), ids.data());
            continue;
        }
        // VTK takes a polyhedron's faces by point id: each face's size, then its points.
        faces.clear();
        vtkIdType num_faces = 0;
        for_each_face(mesh.faces(c), [&](std::span<const std::int32_t> face) {
            faces.push_back(vtkIdType(face.size()));
            for (const std::int32_t k : face) faces.push_back(ids[std::size_t(k)]);
            ++num_faces;
        });
        grid->InsertNextCell(VTK_POLYHEDRON, vtkIdType(ids.size()), ids.data(), num_faces,
                             faces.data());
    }
    for (const auto& array : mesh.point_data)
        grid->GetPointData()->AddArray(all_points ? vtk_array_of(array)
                                                  : vtk_array_of(array.subset(*points)));
    auto replaced = [&](const std::string& name) {
        return std::any_of(extra.begin(), extra.end(),
                           [&](const MeshArray& a) { return a.name() == name; });
    };
    for (const auto& array : mesh.cell_data)
        if (!replaced(array.name()))
            grid->GetCellData()->AddArray(vtk_array_of(array.subset(mesh_cells)));
    for (const auto& array : extra)
        grid->GetCellData()->AddArray(
            vtk_array_of(extra_positions ? array.subset(*extra_positions) : array));
    add_physical_groups(grid, mesh);
    return grid;
}

void write_grid(vtkXMLWriter* writer, const std::string& path) {
    VtkErrors errors(writer);
    writer->SetDataModeToAppended();
    writer->EncodeAppendedDataOff();
    writer->SetCompressorTypeToZLib();
    if (writer->Write() != 1 || errors.any())
        throw InputError(path, 0, "VTK could not write the file: " + errors.message());
}

// Produces piece i of a split mesh on request, so the parallel writer builds one piece at
// a time instead of holding them all.
class PieceSource : public vtkUnstructuredGridAlgorithm {
  public:
    static PieceSource* New();
    vtkTypeMacro(PieceSource, vtkUnstructuredGridAlgorithm);
    std::function<vtkSmartPointer<vtkUnstructuredGrid>(int)> make_piece;

  protected:
    PieceSource() { SetNumberOfInputPorts(0); }
    int RequestInformation(vtkInformation*, vtkInformationVector**,
                           vtkInformationVector* out) override {
        out->GetInformationObject(0)->Set(vtkAlgorithm::CAN_HANDLE_PIECE_REQUEST(), 1);
        return 1;
    }
    int RequestData(vtkInformation*, vtkInformationVector**, vtkInformationVector* out) override {
        vtkInformation* info = out->GetInformationObject(0);
        const int piece = info->Get(vtkStreamingDemandDrivenPipeline::UPDATE_PIECE_NUMBER());
        vtkUnstructuredGrid::GetData(info)->ShallowCopy(make_piece(piece));
        return 1;
    }
};
vtkStandardNewMacro(PieceSource);

// The grid of the .vtu file `path`, or with `text` of that text, which `path` names in errors.
vtkSmartPointer<vtkUnstructuredGrid> read_vtu_grid(const std::string& path,
                                                   const std::string* text = nullptr) {
    // VTK crashes on malformed files.
    if (text)
        check_vtk_xml_text(*text, path, VtkXmlKind::UnstructuredGrid);
    else
        check_vtk_xml_file(path, VtkXmlKind::UnstructuredGrid);
    vtkNew<vtkXMLUnstructuredGridReader> reader;
    VtkErrors errors(reader);
    if (text) {
        reader->ReadFromInputStringOn();
        reader->SetInputString(*text);
    } else {
        reader->SetFileName(path.c_str());
    }
    reader->Update();
    if (errors.any() || reader->GetErrorCode() != 0)
        throw InputError(path, 0,
                         std::string("VTK cannot read this ") +
                             (text ? "mesh piece: " : ".vtu file: ") + errors.message());
    return reader->GetOutput();
}

// The part a piece file holds by VTK's parallel-writer naming (<stem>_<p>.vtu), or -1.
PartId part_of_piece_name(const fs::path& piece) {
    const std::string stem = piece.stem().string();
    const std::size_t underscore = stem.rfind('_');
    return underscore == std::string::npos ? -1 : small_decimal(stem.substr(underscore + 1));
}

} // namespace

Mesh read_vtk_mesh(const std::string& path) {
    if (!fs::exists(path)) throw InputError(path, 0, "cannot open the file: it does not exist");
    const std::string ext = fs::path(path).extension().string();
    vtkSmartPointer<vtkUnstructuredGrid> grid;
    if (ext == ".pvtu") {
        std::vector<Mesh> pieces;
        for (auto& piece : read_pvtu_pieces(path)) pieces.push_back(std::move(piece.mesh));
        try {
            Mesh joined = join_pieces(append_meshes(pieces));
            joined.physical_groups = pieces.front().physical_groups; // every piece has them
            return joined;
        } catch (const MeshError& e) {
            throw InputError(path, 0, e.what());
        }
    }
    if (ext == ".vtu") {
        grid = read_vtu_grid(path);
    } else {
        check_vtk_legacy_file(path);
        vtkNew<vtkUnstructuredGridReader> reader;
        VtkErrors errors(reader);
        reader->SetFileName(path.c_str());
        // Without these the legacy reader keeps only the first array of each kind.
        reader->ReadAllScalarsOn();
        reader->ReadAllVectorsOn();
        reader->ReadAllNormalsOn();
        reader->ReadAllTensorsOn();
        reader->ReadAllColorScalarsOn();
        reader->ReadAllTCoordsOn();
        reader->ReadAllFieldsOn();
        if (!reader->IsFileUnstructuredGrid())
            throw InputError(
                path, 0,
                "not a legacy VTK unstructured grid (expected 'DATASET UNSTRUCTURED_GRID')");
        reader->Update();
        if (errors.any())
            throw InputError(path, 0, "VTK cannot read this .vtk file: " + errors.message());
        grid = reader->GetOutput();
    }
    return mesh_of_vtk_grid(grid, path);
}

namespace {

void write_vtu_atomically(vtkUnstructuredGrid* grid, const std::string& path) {
    PendingFile pending(path);
    vtkNew<vtkXMLUnstructuredGridWriter> writer;
    writer->SetInputData(grid);
    // VTK opens files by name; a direct target (standard output, a device, a FIFO) gets the
    // same bytes through the descriptor instead.
    if (pending.direct())
        writer->WriteToOutputStringOn();
    else
        writer->SetFileName(pending.temp_path().c_str());
    write_grid(writer, path);
    if (pending.direct()) pending.write(writer->GetOutputString());
    pending.commit();
}

} // namespace

void write_vtu(const std::string& path, const Mesh& mesh, std::span<const CellId> cells,
               const std::vector<MeshArray>& extra_cell_arrays) {
    write_vtu_atomically(grid_of(mesh, cells, nullptr, nullptr, extra_cell_arrays), path);
}

void write_pvtu(const std::string& path, const Mesh& mesh, std::span<const CellId> cells,
                const std::vector<MeshPiece>& pieces,
                const std::vector<MeshArray>& extra_cell_arrays, int ghost_layers) {
    PendingPvtu(path, mesh, cells, pieces, extra_cell_arrays, ghost_layers).commit();
}

namespace {

template <typename Id>
vtkSmartPointer<vtkIdTypeArray> id_array(const char* name, const std::vector<Id>& ids) {
    auto array = vtkSmartPointer<vtkIdTypeArray>::New();
    array->SetName(name);
    array->SetNumberOfTuples(vtkIdType(ids.size()));
    std::copy(ids.begin(), ids.end(), array->GetPointer(0));
    return array;
}

} // namespace

PendingPvtu::PendingPvtu(const std::string& path, const Mesh& mesh, std::span<const CellId> cells,
                         const std::vector<MeshPiece>& pieces,
                         const std::vector<MeshArray>& extra_cell_arrays, int ghost_layers)
    : target_(path), replacement_(plan_pvtu_replacement(path, vtk_piece_stem(path))) {
    const fs::path target(path);
    PendingFolder folder(target);
    vtkNew<PieceSource> source;
    source->make_piece = [&](int p) {
        const MeshPiece& piece = pieces[std::size_t(p)];
        std::vector<CellId> mesh_cells(piece.cells.size());
        for (std::size_t i = 0; i < piece.cells.size(); ++i) mesh_cells[i] = cells[piece.cells[i]];
        auto grid = grid_of(mesh, mesh_cells, &piece.points, &piece.cells, extra_cell_arrays);
        grid->GetCellData()->SetGlobalIds(id_array("GlobalCellIds", piece.cells));
        grid->GetPointData()->SetGlobalIds(id_array("GlobalNodeIds", piece.points));
        if (ghost_layers > 0) grid->GetCellData()->AddArray(vtk_array_of(ghost_flags(piece)));
        return grid;
    };
    // VTK names the pieces after the .pvtu: <piece_stem>_<p>.vtu.
    const fs::path summary = folder.path() / (replacement_.piece_stem + ".pvtu");
    vtkNew<vtkXMLPUnstructuredGridWriter> writer;
    writer->SetInputConnection(source->GetOutputPort());
    writer->SetFileName(summary.c_str());
    writer->SetNumberOfPieces(int(pieces.size()));
    writer->SetStartPiece(0);
    writer->SetEndPiece(int(pieces.size()) - 1);
    writer->SetGhostLevel(ghost_layers);
    write_grid(writer, path);
    folder_ = folder.release().string();
    staged_ = summary.string();
}

PendingPvtu::~PendingPvtu() {
    if (folder_.empty()) return;
    std::error_code ignored;
    fs::remove_all(folder_, ignored);
}

std::vector<std::string> PendingPvtu::piece_paths() const {
    std::vector<std::string> paths;
    if (folder_.empty()) return paths;
    const fs::path destination =
        fs::path(target_).parent_path().empty() ? fs::path(".") : fs::path(target_).parent_path();
    for (const auto& entry : fs::directory_iterator(folder_))
        if (entry.path() != fs::path(staged_))
            paths.push_back((destination / entry.path().filename()).string());
    std::sort(paths.begin(), paths.end());
    return paths;
}

MeshArray ghost_flags(const MeshPiece& piece) {
    std::vector<std::uint8_t> flags(piece.cells.size(), vtkDataSetAttributes::DUPLICATECELL);
    std::fill_n(flags.begin(), piece.num_owned, std::uint8_t(0));
    return MeshArray::from_values(vtkDataSetAttributes::GhostArrayName(), 1, flags);
}

void PendingPvtu::commit() {
    // Pieces first, under names the old .pvtu does not use; the .pvtu's rename is the commit
    // point; the old pieces go last (pvtu_replacement.hpp).
    const std::vector<std::string> pieces = piece_paths();
    for (const auto& piece : pieces) {
        commit_step();
        fs::rename(fs::path(folder_) / fs::path(piece).filename(), piece);
    }
    commit_step();
    fs::rename(staged_, target_);
    std::error_code ignored;
    fs::remove_all(folder_, ignored);
    folder_.clear();
    remove_replaced_pieces(replacement_, pieces);
}

namespace {

// Every cell and point of the mesh with every array, GlobalCellIds and GlobalNodeIds marked
// as VTK's global ids.
vtkSmartPointer<vtkUnstructuredGrid> whole_grid(const Mesh& mesh) {
    std::vector<CellId> all(std::size_t(mesh.num_cells()));
    std::iota(all.begin(), all.end(), CellId(0));
    auto grid = grid_of(mesh, all, nullptr, nullptr, {});
    if (grid->GetCellData()->GetArray("GlobalCellIds"))
        grid->GetCellData()->SetGlobalIds(grid->GetCellData()->GetArray("GlobalCellIds"));
    if (grid->GetPointData()->GetArray("GlobalNodeIds"))
        grid->GetPointData()->SetGlobalIds(grid->GetPointData()->GetArray("GlobalNodeIds"));
    return grid;
}

} // namespace

std::string vtu_text(const Mesh& mesh) {
    auto grid = whole_grid(mesh);
    vtkNew<vtkXMLUnstructuredGridWriter> writer;
    VtkErrors errors(writer);
    writer->SetInputData(grid);
    writer->WriteToOutputStringOn();
    writer->SetDataModeToAppended();
    writer->EncodeAppendedDataOff();
    writer->SetCompressorTypeToNone();
    if (writer->Write() != 1 || errors.any())
        throw Error("VTK could not serialise a mesh piece: " + errors.message());
    return writer->GetOutputString();
}

Mesh mesh_of_vtu_text(const std::string& text, const std::string& what) {
    const vtkSmartPointer<vtkUnstructuredGrid> grid = read_vtu_grid(what, &text);
    // An empty piece is a valid message (no cells for this destination).
    if (grid->GetNumberOfCells() == 0) {
        Mesh empty;
        empty.point_data = arrays_of(grid->GetPointData());
        empty.cell_data = arrays_of(grid->GetCellData());
        return empty;
    }
    return mesh_of_vtk_grid(grid, what);
}

void write_vtu_piece(const std::string& path, const Mesh& mesh) {
    write_vtu_atomically(whole_grid(mesh), path);
}

namespace {

const char* vtk_type_name(ScalarType type) {
    static constexpr const char* kNames[] = {"Int8",   "UInt8", "Int16",  "UInt16",  "Int32",
                                             "UInt32", "Int64", "UInt64", "Float32", "Float64"};
    return kNames[static_cast<int>(type)];
}

std::string declared_arrays(const char* element, const std::vector<MeshArray>& arrays,
                            const char* global_ids) {
    std::string text = std::string("    <") + element;
    for (const auto& a : arrays)
        if (a.name() == global_ids) text += std::string(" GlobalIds=\"") + global_ids + "\"";
    text += ">\n";
    for (const auto& a : arrays) {
        text += std::string("      <PDataArray type=\"") + vtk_type_name(a.type()) + "\" Name=\"" +
                a.name() + "\"";
        if (a.components() > 1)
            text += " NumberOfComponents=\"" + std::to_string(a.components()) + "\"";
        text += "/>\n";
    }
    return text + "    </" + element + ">\n";
}

} // namespace

void write_pvtu_summary(const std::string& path, const Mesh& prototype,
                        const std::vector<std::string>& piece_files, int ghost_layers) {
    std::string text = "<?xml version=\"1.0\"?>\n<VTKFile type=\"PUnstructuredGrid\" "
                       "version=\"0.1\" byte_order=\"LittleEndian\" header_type=\"UInt32\" "
                       "compressor=\"vtkZLibDataCompressor\">\n  <PUnstructuredGrid "
                       "GhostLevel=\"" +
                       std::to_string(ghost_layers) + "\">\n";
    text += declared_arrays("PPointData", prototype.point_data, "GlobalNodeIds");
    text += declared_arrays("PCellData", prototype.cell_data, "GlobalCellIds");
    text += "    <PPoints>\n      <PDataArray type=\"Float64\" Name=\"Points\" "
            "NumberOfComponents=\"3\"/>\n    </PPoints>\n";
    for (const auto& piece : piece_files) text += "    <Piece Source=\"" + piece + "\"/>\n";
    text += "  </PUnstructuredGrid>\n</VTKFile>\n";
    write_file_atomically(path, text);
}

std::vector<PvtuPiece> list_pvtu_pieces(const std::string& path) {
    if (!fs::exists(path)) throw InputError(path, 0, "cannot open the file: it does not exist");
    const fs::path folder = fs::path(path).parent_path();
    std::vector<PvtuPiece> pieces;
    std::vector<PartId> named; // the parts the file names give
    for (const std::string& source : check_vtk_xml_file(path, VtkXmlKind::PUnstructuredGrid)) {
        pieces.push_back({(folder / source).string(), part_of_piece_name(folder / source), {}});
        named.push_back(pieces.back().part);
    }
    if (pieces.empty()) throw InputError(path, 0, "the file lists no pieces");
    // Part ids from the names when every name carries a distinct one, else positions.
    std::sort(named.begin(), named.end());
    if (named.front() < 0 || std::adjacent_find(named.begin(), named.end()) != named.end())
        for (std::size_t i = 0; i < pieces.size(); ++i) pieces[i].part = PartId(i);
    return pieces;
}

std::vector<PvtuPiece> read_pvtu_pieces(const std::string& path) {
    std::vector<PvtuPiece> pieces = list_pvtu_pieces(path);
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        if (!fs::exists(pieces[i].path))
            throw InputError(path, 0,
                             "piece " + std::to_string(i) + " (part " +
                                 std::to_string(pieces[i].part) +
                                 ") is missing: " + pieces[i].path + " does not exist");
        pieces[i].mesh = mesh_of_vtk_grid(read_vtu_grid(pieces[i].path), pieces[i].path);
    }
    return pieces;
}

} // namespace part::formats
