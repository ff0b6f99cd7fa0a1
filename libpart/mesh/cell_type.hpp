#pragma once
// The cell families of CFD meshes, with their corner counts, dimensions and faces. A cell of a
// family is linear (its corners only) or of higher order: its corners first, then the nodes on
// its edges, faces and inside, in the order of the VTK cell of that node count (see
// higher_order_forms()). Node orderings are VTK's, which gmsh shares for the linear types
// except the prism (wedge), whose first triangle gmsh numbers the other way round: the
// readers reorder it.
#include <cstdint>
#include <span>
#include <string>

namespace part {

enum class CellType : std::uint8_t {
    Vertex,
    Line,
    Triangle,
    Quadrilateral,
    Tetrahedron,
    Hexahedron,
    Wedge,
    Pyramid,
    // Any number of nodes and faces: the cell carries its faces (Mesh::faces).
    Polyhedron,
    // Any number of nodes (3 or more), in order around it; its faces are its edges. OpenFOAM's
    // boundary faces are such (VTK_POLYGON). Last, so that the other types keep their codes.
    Polygon
};

// Corners of a cell (the nodes of a linear one).
inline constexpr int kMaxCellNodes = 8;
// The highest order of the arbitrary-order (VTK Lagrange) cells read: gmsh writes cells up to
// order 10, VTK reads any order, solvers rarely go beyond 4.
inline constexpr int kMaxLagrangeOrder = 6;
// Nodes of a higher-order cell: the hexahedron of order kMaxLagrangeOrder, 7^3 nodes.
inline constexpr int kMaxHighOrderNodes = 343;
inline constexpr int kMaxCellFaces = 6;
inline constexpr int kMaxFaceNodes = 4;
// A polyhedron's (and a polygon's) node count is capped so that the dual graph can count shared
// nodes in a byte.
inline constexpr int kMaxPolyhedronNodes = 255;

// A cell's shape: its faces are its (dimension - 1)-dimensional sides, given by local node
// indices (edges for 2D cells, end points for lines). A polyhedron's and a polygon's shape have
// no nodes and no faces: a polyhedron lists its own, a polygon's are its edges.
struct CellShape {
    const char* name;
    int dimension;
    int num_nodes;
    int num_faces;
    int face_size[kMaxCellFaces];
    int face_nodes[kMaxCellFaces][kMaxFaceNodes];
    int min_face_size;
};

const CellShape& cell_shape(CellType type);
inline int cell_dimension(CellType type) {
    return cell_shape(type).dimension;
}
// The nodes of a linear cell of the type: its corners.
inline int cell_num_nodes(CellType type) {
    return cell_shape(type).num_nodes;
}
// The corners of a cell of the family, of any order: the first nodes of the cell. Faces,
// the dual graph and centroids use these only.
inline int cell_num_corners(CellType type) {
    return cell_shape(type).num_nodes;
}
inline const char* cell_name(CellType type) {
    return cell_shape(type).name;
}
// True for the types whose cells have their own node count: polygons and polyhedra. All their
// nodes are corners.
inline bool has_own_node_count(CellType type) {
    return type == CellType::Polyhedron || type == CellType::Polygon;
}

// A higher-order form of a family: its node count and the VTK cell type whose node order it
// has (VTK's vtkCellType.h codes; libpart only carries them for the writers and readers).
// Second order: VTK's quadratic cells (21-34, 37). Order 3 to kMaxLagrangeOrder: VTK's complete
// Lagrange cells (VTK_LAGRANGE_CURVE 68 ... VTK_LAGRANGE_WEDGE 73), whose node counts differ
// from every quadratic one; VTK 9.1 has no Lagrange pyramid class, so pyramids stop at order 2.
struct HighOrderForm {
    CellType family;
    int num_nodes;
    int vtk_type;
    const char* name;
};
std::span<const HighOrderForm> higher_order_forms();
// The higher-order form of `family` with `num_nodes` nodes, or null (a linear cell, or a node
// count no form has).
const HighOrderForm* higher_order_form(CellType family, int num_nodes);
// The node count of a complete Lagrange cell of `family` and `order` (VTK's vtkLagrange* lay
// their nodes out on these lattices); 0 for a family VTK has no Lagrange cell of (pyramids,
// polyhedra, vertices).
int lagrange_num_nodes(CellType family, int order);
// "tetrahedron", "quadratic tetrahedron": the name of a cell of `family` with `num_nodes` nodes
// (the family's when no form has that count).
const char* cell_form_name(CellType family, int num_nodes);
// True when a cell of `family` may have `num_nodes` nodes: its corners or a higher-order form.
bool is_cell_node_count(CellType family, int num_nodes);

// "triangle, quadrilateral, ..." for error messages that list what is supported.
std::string supported_cell_names();

} // namespace part
