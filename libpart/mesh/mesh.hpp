#pragma once
// An unstructured mesh in memory: points, cells as CSR lists of point ids with one type per
// cell, and named arrays on cells and points (solution fields, gmsh physical tags, ...).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "libpart/core/error.hpp"
#include "libpart/mesh/cell_type.hpp"

namespace part {

using PointId = std::int32_t;
using CellId = std::int32_t;

// The element type an array was stored with, so writers keep it (tags stay integers).
enum class ScalarType : std::uint8_t {
    Int8,
    UInt8,
    Int16,
    UInt16,
    Int32,
    UInt32,
    Int64,
    UInt64,
    Float32,
    Float64
};

std::size_t scalar_size(ScalarType type);

// One named array with `components` values per tuple (cell or point), stored packed in its
// original scalar type.
class MeshArray {
  public:
    MeshArray() = default;
    MeshArray(std::string name, ScalarType type, int components, std::size_t tuples)
        : name_(std::move(name)), type_(type), components_(components),
          bytes_(tuples * std::size_t(components) * scalar_size(type)) {}
    template <typename T>
    static MeshArray from_values(std::string name, int components, const std::vector<T>& values);

    const std::string& name() const { return name_; }
    ScalarType type() const { return type_; }
    int components() const { return components_; }
    std::size_t num_tuples() const {
        return bytes_.size() / (std::size_t(components_) * scalar_size(type_));
    }
    // Value `component` of tuple `tuple`, converted to double.
    double value(std::size_t tuple, int component = 0) const;
    void set_value(std::size_t tuple, int component, double value);
    void* data() { return bytes_.data(); }
    const void* data() const { return bytes_.data(); }
    std::size_t size_bytes() const { return bytes_.size(); }
    // Keeps the tuples listed, in that order.
    MeshArray subset(std::span<const CellId> tuples) const;

  private:
    std::string name_;
    ScalarType type_ = ScalarType::Float64;
    int components_ = 1;
    std::vector<unsigned char> bytes_;
};

// The cell array of physical tags (0: none), named as gmsh's VTK export names it, whatever the
// format the tags came from (gmsh physical groups, SU2 markers, Medit references).
inline constexpr const char* kPhysicalTagArray = "gmsh:physical";

// A named group of cells, as gmsh's $PhysicalNames: the cells of dimension `dim` whose
// "gmsh:physical" tag is `tag`.
struct PhysicalGroup {
    int dim = 0;
    std::int32_t tag = 0;
    std::string name;
    bool operator==(const PhysicalGroup&) const = default;
};

struct Mesh {
    int dim = 3;                // coordinates per point: 2 or 3 (0 when the file has none)
    std::vector<double> points; // num_points * dim, row-major
    PointId point_count = 0;    // kept apart from points so coordinate-free meshes have points
    std::vector<std::int64_t> cell_offsets{0};
    std::vector<PointId> cell_nodes; // node ids of cell c: [cell_offsets[c], cell_offsets[c+1])
    std::vector<CellType> cell_types;
    std::vector<MeshArray> cell_data;
    std::vector<MeshArray> point_data;
    std::vector<PhysicalGroup> physical_groups; // names of the "gmsh:physical" tags
    // The faces of the polyhedra by local node (a position in the cell's node list): those of
    // cell c are cell_faces[face_offsets[c], face_offsets[c+1]), each face its node count then
    // its nodes. Other cells have none. Both stay empty while the mesh has no polyhedron, so
    // code that never meets one needs not know of them.
    std::vector<std::int64_t> face_offsets;
    std::vector<std::int32_t> cell_faces;

    PointId num_points() const { return point_count; }
    CellId num_cells() const { return CellId(cell_types.size()); }
    std::span<const PointId> cell(CellId c) const {
        return {cell_nodes.data() + cell_offsets[c],
                std::size_t(cell_offsets[c + 1] - cell_offsets[c])};
    }
    // The corners of cell c: the first cell_num_corners nodes of a cell of any order, all the
    // nodes of a polyhedron or polygon. The dual graph and geometry use these only.
    std::span<const PointId> corners(CellId c) const {
        const CellType type = cell_types[std::size_t(c)];
        const auto nodes = cell(c);
        if (has_own_node_count(type)) return nodes;
        return nodes.first(std::min(nodes.size(), std::size_t(cell_num_corners(type))));
    }
    // True when cell c has more nodes than corners (a quadratic cell, say).
    bool is_higher_order(CellId c) const {
        return !has_own_node_count(cell_types[std::size_t(c)]) &&
               cell(c).size() > std::size_t(cell_num_corners(cell_types[std::size_t(c)]));
    }
    // The faces of cell c as add_cell took them; empty unless it is a polyhedron.
    std::span<const std::int32_t> faces(CellId c) const {
        if (face_offsets.empty()) return {};
        return {cell_faces.data() + face_offsets[c],
                std::size_t(face_offsets[c + 1] - face_offsets[c])};
    }
    // `faces` (a polyhedron's, as in cell_faces) are by position in `nodes`.
    void add_cell(CellType type, std::span<const PointId> nodes,
                  std::span<const std::int32_t> faces = {}) {
        if (!faces.empty() && face_offsets.empty()) face_offsets.assign(cell_types.size() + 1, 0);
        cell_types.push_back(type);
        cell_nodes.insert(cell_nodes.end(), nodes.begin(), nodes.end());
        cell_offsets.push_back(std::int64_t(cell_nodes.size()));
        if (face_offsets.empty()) return;
        cell_faces.insert(cell_faces.end(), faces.begin(), faces.end());
        face_offsets.push_back(std::int64_t(cell_faces.size()));
    }
    const MeshArray* find_cell_array(const std::string& name) const;
    const MeshArray* find_point_array(const std::string& name) const;
};

// Calls visit(std::span<const std::int32_t>) with the local nodes of each face of a
// polyhedron's face list (Mesh::faces), which validate() has checked.
template <typename Visit> void for_each_face(std::span<const std::int32_t> faces, Visit&& visit) {
    for (std::size_t f = 0; f < faces.size(); f += 1 + std::size_t(faces[f]))
        visit(faces.subspan(f + 1, std::size_t(faces[f])));
}

// Calls visit(std::span<const std::int32_t>) with the local corners (positions in the cell's
// node list) of each face of cell c: a polyhedron's listed faces, a polygon's edges (node k to
// node k + 1), the faces of its shape for the other types.
template <typename Visit> void for_each_cell_face(const Mesh& mesh, CellId c, Visit&& visit) {
    const CellType type = mesh.cell_types[std::size_t(c)];
    if (type == CellType::Polyhedron) return for_each_face(mesh.faces(c), visit);
    if (type == CellType::Polygon) {
        const auto n = std::int32_t(mesh.cell(c).size());
        for (std::int32_t k = 0; k < n; ++k) {
            const std::int32_t edge[2] = {k, (k + 1) % n};
            visit(std::span<const std::int32_t>(edge));
        }
        return;
    }
    const CellShape& shape = cell_shape(type);
    for (int f = 0; f < shape.num_faces; ++f)
        visit(std::span<const std::int32_t>(shape.face_nodes[f], std::size_t(shape.face_size[f])));
}

// The group of the cells of dimension `dim` tagged `tag`, or null when the tag has no name.
const PhysicalGroup* find_physical_group(const Mesh& mesh, int dim, std::int32_t tag);

// True when some cell has more nodes than corners.
bool has_higher_order_cells(const Mesh& mesh);

// Highest dimension among the cells (0 when there are none).
int top_dimension(const Mesh& mesh);
// The cells of the top dimension, in mesh order: the graph vertices of the dual graph.
std::vector<CellId> top_dimensional_cells(const Mesh& mesh);
// Every cell of the mesh: 0, 1, ..., num_cells - 1.
std::vector<CellId> all_cells(const Mesh& mesh);
// Removes the cells below the top dimension (boundary faces and lines) and their tuples of
// the cell arrays, keeping the order of the rest, so cell i is graph vertex i. Compacts in
// place: O(size of the mesh), no second copy of the cells. Points and point arrays are kept.
void keep_top_dimensional_cells(Mesh& mesh);
// Sets the dimension of a mesh read with x, y, z per point: 2, keeping x and y, when every
// point lies in the plane z = 0; else 3.
void set_dimension_from_points(Mesh& mesh);

// Why a mesh cannot be used; readers turn it into an InputError naming the file.
class MeshError : public Error {
  public:
    MeshError(CellId cell, const std::string& message) : Error(message), cell_(cell) {}
    CellId cell() const { return cell_; } // 0-based cell, or -1
  private:
    CellId cell_;
};

// Throws MeshError on: no cells of dimension 1 or more, node ids out of range, a cell with all
// its nodes at one point (a corrupted connectivity), node counts that do not match the cell
// type (its corners or a higher-order form of it), polyhedra without a valid face list (fewer than
// 4 nodes or faces, more than kMaxPolyhedronNodes nodes, a face of fewer than 3 nodes or with a
// node not its cell's), arrays whose length is not the cell or point count, coordinate arrays of
// the wrong size. O(size of the mesh).
void validate(const Mesh& mesh);

template <typename T>
MeshArray MeshArray::from_values(std::string name, int components, const std::vector<T>& values) {
    static_assert(std::is_arithmetic_v<T>);
    constexpr ScalarType type = std::is_same_v<T, std::int8_t>     ? ScalarType::Int8
                                : std::is_same_v<T, std::uint8_t>  ? ScalarType::UInt8
                                : std::is_same_v<T, std::int16_t>  ? ScalarType::Int16
                                : std::is_same_v<T, std::uint16_t> ? ScalarType::UInt16
                                : std::is_same_v<T, std::int32_t>  ? ScalarType::Int32
                                : std::is_same_v<T, std::uint32_t> ? ScalarType::UInt32
                                : std::is_same_v<T, std::int64_t>  ? ScalarType::Int64
                                : std::is_same_v<T, std::uint64_t> ? ScalarType::UInt64
                                : std::is_same_v<T, float>         ? ScalarType::Float32
                                                                   : ScalarType::Float64;
    MeshArray array(std::move(name), type, components, values.size() / std::size_t(components));
    if (!values.empty()) std::memcpy(array.data(), values.data(), array.size_bytes());
    return array;
}

} // namespace part
