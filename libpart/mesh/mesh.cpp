#include "libpart/mesh/mesh.hpp"

#include <algorithm>
#include <numeric>

namespace part {

namespace {

template <typename F> decltype(auto) with_scalar(ScalarType type, F&& f) {
    switch (type) {
    case ScalarType::Int8:
        return f(std::int8_t{});
    case ScalarType::UInt8:
        return f(std::uint8_t{});
    case ScalarType::Int16:
        return f(std::int16_t{});
    case ScalarType::UInt16:
        return f(std::uint16_t{});
    case ScalarType::Int32:
        return f(std::int32_t{});
    case ScalarType::UInt32:
        return f(std::uint32_t{});
    case ScalarType::Int64:
        return f(std::int64_t{});
    case ScalarType::UInt64:
        return f(std::uint64_t{});
    case ScalarType::Float32:
        return f(float{});
    case ScalarType::Float64:
        break;
    }
    return f(double{});
}

const MeshArray* find_array(const std::vector<MeshArray>& arrays, const std::string& name) {
    for (const auto& array : arrays)
        if (array.name() == name) return &array;
    return nullptr;
}

} // namespace

const PhysicalGroup* find_physical_group(const Mesh& mesh, int dim, std::int32_t tag) {
    for (const PhysicalGroup& group : mesh.physical_groups)
        if (group.tag == tag && group.dim == dim) return &group;
    return nullptr;
}

std::size_t scalar_size(ScalarType type) {
    return with_scalar(type, [](auto v) { return sizeof v; });
}

double MeshArray::value(std::size_t tuple, int component) const {
    const std::size_t index = tuple * std::size_t(components_) + std::size_t(component);
    return with_scalar(type_, [&](auto v) {
        std::memcpy(&v, bytes_.data() + index * sizeof v, sizeof v);
        return double(v);
    });
}

void MeshArray::set_value(std::size_t tuple, int component, double value) {
    const std::size_t index = tuple * std::size_t(components_) + std::size_t(component);
    with_scalar(type_, [&](auto v) {
        v = static_cast<decltype(v)>(value);
        std::memcpy(bytes_.data() + index * sizeof v, &v, sizeof v);
        return 0;
    });
}

MeshArray MeshArray::subset(std::span<const CellId> tuples) const {
    MeshArray out(name_, type_, components_, tuples.size());
    const std::size_t tuple_bytes = std::size_t(components_) * scalar_size(type_);
    for (std::size_t i = 0; i < tuples.size(); ++i)
        std::memcpy(out.bytes_.data() + i * tuple_bytes,
                    bytes_.data() + std::size_t(tuples[i]) * tuple_bytes, tuple_bytes);
    return out;
}

const MeshArray* Mesh::find_cell_array(const std::string& name) const {
    return find_array(cell_data, name);
}
const MeshArray* Mesh::find_point_array(const std::string& name) const {
    return find_array(point_data, name);
}

bool has_higher_order_cells(const Mesh& mesh) {
    for (CellId c = 0; c < mesh.num_cells(); ++c)
        if (mesh.is_higher_order(c)) return true;
    return false;
}

int top_dimension(const Mesh& mesh) {
    int top = 0;
    for (CellType type : mesh.cell_types) top = std::max(top, cell_dimension(type));
    return top;
}

std::vector<CellId> top_dimensional_cells(const Mesh& mesh) {
    const int top = top_dimension(mesh);
    std::vector<CellId> cells;
    for (CellId c = 0; c < mesh.num_cells(); ++c)
        if (cell_dimension(mesh.cell_types[c]) == top) cells.push_back(c);
    return cells;
}

std::vector<CellId> all_cells(const Mesh& mesh) {
    std::vector<CellId> cells(std::size_t(mesh.num_cells()));
    std::iota(cells.begin(), cells.end(), CellId(0));
    return cells;
}

void keep_top_dimensional_cells(Mesh& mesh) {
    const int top = top_dimension(mesh);
    const std::vector<CellId> kept = top_dimensional_cells(mesh);
    if (kept.size() == mesh.cell_types.size()) return;
    for (MeshArray& array : mesh.cell_data) array = array.subset(kept);
    // Moving down in mesh order never overwrites what is still to be read: cell c's nodes
    // start at or after where the kept cells before it end.
    std::int64_t begin = 0, faces_begin = 0; // where cell c started before compaction
    const bool faces = !mesh.face_offsets.empty();
    std::size_t count = 0;
    for (std::size_t c = 0; c < mesh.cell_types.size(); ++c) {
        const std::int64_t end = mesh.cell_offsets[c + 1];
        const std::int64_t faces_end = faces ? mesh.face_offsets[c + 1] : 0;
        if (cell_dimension(mesh.cell_types[c]) == top) {
            const std::int64_t to = mesh.cell_offsets[count];
            std::copy(mesh.cell_nodes.begin() + begin, mesh.cell_nodes.begin() + end,
                      mesh.cell_nodes.begin() + to);
            mesh.cell_types[count] = mesh.cell_types[c];
            mesh.cell_offsets[count + 1] = to + (end - begin);
            if (faces) {
                const std::int64_t faces_to = mesh.face_offsets[count];
                std::copy(mesh.cell_faces.begin() + faces_begin,
                          mesh.cell_faces.begin() + faces_end, mesh.cell_faces.begin() + faces_to);
                mesh.face_offsets[count + 1] = faces_to + (faces_end - faces_begin);
            }
            ++count;
        }
        begin = end;
        faces_begin = faces_end;
    }
    mesh.cell_types.resize(count);
    mesh.cell_offsets.resize(count + 1);
    mesh.cell_nodes.resize(std::size_t(mesh.cell_offsets.back()));
    if (!faces) return;
    mesh.face_offsets.resize(count + 1);
    mesh.cell_faces.resize(std::size_t(mesh.face_offsets.back()));
}

void set_dimension_from_points(Mesh& mesh) {
    const std::size_t n = mesh.points.size() / 3;
    bool planar = n > 0;
    for (std::size_t i = 0; i < n && planar; ++i) planar = mesh.points[3 * i + 2] == 0.0;
    mesh.dim = planar ? 2 : 3;
    if (!planar) return;
    for (std::size_t i = 0; i < n; ++i) {
        mesh.points[2 * i] = mesh.points[3 * i];
        mesh.points[2 * i + 1] = mesh.points[3 * i + 1];
    }
    mesh.points.resize(2 * n);
    mesh.points.shrink_to_fit();
}

namespace {

// A cell of two or more nodes all at one point has no extent: no mesher writes one, but a
// connectivity array cut short reads as one, as VTK zero-fills the rest of an array whose
// base64 text holds a stray character. Those cells all share point 0, and a point in every
// cell makes the dual graph's construction quadratic.
void check_not_collapsed(const Mesh& mesh, CellId c) {
    const auto nodes = mesh.cell(c);
    if (nodes.size() < 2 ||
        std::any_of(nodes.begin() + 1, nodes.end(), [&](PointId p) { return p != nodes[0]; }))
        return;
    throw MeshError(c,
                    "cell " + std::to_string(c + 1) + " (" + cell_shape(mesh.cell_types[c]).name +
                        ") has all its " + std::to_string(nodes.size()) + " nodes at point " +
                        std::to_string(nodes[0]) + " of the " + std::to_string(mesh.num_points()) +
                        " points: a cell collapsed to a point; is the connectivity corrupted?");
}

std::string cell_label(const Mesh& mesh, CellId c) {
    return "cell " + std::to_string(c + 1) + " (" + cell_name(mesh.cell_types[c]) + ")";
}

// A polyhedron's faces must cover it (4 faces at least) and name only its nodes; a face list
// cut short would otherwise send the dual graph past the cell's nodes.
void check_polyhedron(const Mesh& mesh, CellId c) {
    const auto nodes = mesh.cell(c);
    const auto faces = mesh.faces(c);
    if (nodes.size() < 4 || nodes.size() > std::size_t(kMaxPolyhedronNodes))
        throw MeshError(c, cell_label(mesh, c) + " has " + std::to_string(nodes.size()) +
                               " nodes: expected 4 to " + std::to_string(kMaxPolyhedronNodes));
    int count = 0;
    for (std::size_t f = 0; f < faces.size(); f += 1 + std::size_t(faces[f]), ++count) {
        if (faces[f] < 3 || f + 1 + std::size_t(faces[f]) > faces.size())
            throw MeshError(c, cell_label(mesh, c) + ": face " + std::to_string(count + 1) +
                                   " has " + std::to_string(faces[f]) +
                                   " nodes or runs past the face list: expected 3 or more");
        for (const std::int32_t k : faces.subspan(f + 1, std::size_t(faces[f])))
            if (k < 0 || std::size_t(k) >= nodes.size())
                throw MeshError(c, cell_label(mesh, c) + ": face " + std::to_string(count + 1) +
                                       " names node " + std::to_string(k) + " of a cell of " +
                                       std::to_string(nodes.size()));
    }
    if (count < 4)
        throw MeshError(c, cell_label(mesh, c) + " has " + std::to_string(count) +
                               " faces: expected 4 or more");
}

// A polygon has 3 nodes or more, capped as a polyhedron's; its faces are its edges, so it has
// no face list.
void check_polygon(const Mesh& mesh, CellId c) {
    const std::size_t nodes = mesh.cell(c).size();
    if (nodes < 3 || nodes > std::size_t(kMaxPolyhedronNodes))
        throw MeshError(c, cell_label(mesh, c) + " has " + std::to_string(nodes) +
                               " nodes: expected 3 to " + std::to_string(kMaxPolyhedronNodes));
}

// "4 or 10" for a tetrahedron: its corners, then its higher-order forms.
std::string node_counts_of(CellType type) {
    std::string counts = std::to_string(cell_num_corners(type));
    for (const HighOrderForm& form : higher_order_forms())
        if (form.family == type) counts += " or " + std::to_string(form.num_nodes);
    return counts;
}

void check_face_offsets(const Mesh& mesh) {
    if (mesh.face_offsets.empty()) return;
    if (mesh.face_offsets.size() != mesh.cell_types.size() + 1 || mesh.face_offsets.front() != 0 ||
        std::size_t(mesh.face_offsets.back()) != mesh.cell_faces.size() ||
        !std::is_sorted(mesh.face_offsets.begin(), mesh.face_offsets.end()))
        throw MeshError(-1, "face offsets do not match the cell list");
}

} // namespace

void validate(const Mesh& mesh) {
    if (mesh.cell_offsets.size() != mesh.cell_types.size() + 1 || mesh.cell_offsets.front() != 0 ||
        std::size_t(mesh.cell_offsets.back()) != mesh.cell_nodes.size())
        throw MeshError(-1, "cell offsets do not match the cell list");
    if (mesh.dim != 0 &&
        mesh.points.size() != std::size_t(mesh.num_points()) * std::size_t(mesh.dim))
        throw MeshError(-1, "the coordinate array does not hold " + std::to_string(mesh.dim) +
                                " values per point");
    if (top_dimension(mesh) == 0)
        throw MeshError(-1, "empty mesh: no cells of dimension 1 to 3 (supported cells: " +
                                supported_cell_names() + ")");
    check_face_offsets(mesh);
    for (CellId c = 0; c < mesh.num_cells(); ++c) {
        const auto nodes = mesh.cell(c);
        const CellShape& shape = cell_shape(mesh.cell_types[c]);
        const bool polyhedron = mesh.cell_types[c] == CellType::Polyhedron;
        if (polyhedron)
            check_polyhedron(mesh, c);
        else if (!mesh.faces(c).empty())
            throw MeshError(c, cell_label(mesh, c) + " has a face list: only polyhedra have one");
        if (mesh.cell_types[c] == CellType::Polygon) check_polygon(mesh, c);
        if (!has_own_node_count(mesh.cell_types[c]) &&
            !is_cell_node_count(mesh.cell_types[c], int(nodes.size())))
            throw MeshError(c, "cell " + std::to_string(c + 1) + " (" + shape.name + ") has " +
                                   std::to_string(nodes.size()) + " nodes: expected " +
                                   node_counts_of(mesh.cell_types[c]));
        for (PointId p : nodes)
            if (p < 0 || p >= mesh.num_points())
                throw MeshError(c, "cell " + std::to_string(c + 1) + " refers to point " +
                                       std::to_string(p) +
                                       ", out of range: the mesh has points 0.." +
                                       std::to_string(mesh.num_points() - 1));
        check_not_collapsed(mesh, c);
    }
    for (const auto& array : mesh.cell_data)
        if (array.num_tuples() != std::size_t(mesh.num_cells()))
            throw MeshError(-1, "cell array '" + array.name() + "' has " +
                                    std::to_string(array.num_tuples()) + " tuples for " +
                                    std::to_string(mesh.num_cells()) + " cells");
    for (const auto& array : mesh.point_data)
        if (array.num_tuples() != std::size_t(mesh.num_points()))
            throw MeshError(-1, "point array '" + array.name() + "' has " +
                                    std::to_string(array.num_tuples()) + " tuples for " +
                                    std::to_string(mesh.num_points()) + " points");
}

} // namespace part
