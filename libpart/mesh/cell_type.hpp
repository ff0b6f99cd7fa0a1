#pragma once
// The linear cell types of CFD meshes, with their node counts, dimensions and faces. Node
// orderings are VTK's, which gmsh shares for these types except the prism (wedge), whose
// first triangle gmsh numbers the other way round: the gmsh reader reorders it.
#include <cstdint>
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
    Polyhedron
};

inline constexpr int kMaxCellNodes = 8;
inline constexpr int kMaxCellFaces = 6;
inline constexpr int kMaxFaceNodes = 4;
// A polyhedron's node count is capped so that the dual graph can count shared nodes in a byte.
inline constexpr int kMaxPolyhedronNodes = 255;

// A cell's shape: its faces are its (dimension - 1)-dimensional sides, given by local node
// indices (edges for 2D cells, end points for lines). A polyhedron's shape has no nodes and no
// faces: each polyhedron lists its own.
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
inline int cell_num_nodes(CellType type) {
    return cell_shape(type).num_nodes;
}
inline const char* cell_name(CellType type) {
    return cell_shape(type).name;
}

// "triangle, quadrilateral, ..." for error messages that list what is supported.
std::string supported_cell_names();

} // namespace part
