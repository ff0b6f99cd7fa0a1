#pragma once
// VTK unstructured grids through VTK's own readers and writers: XML .vtu and legacy .vtk in,
// .vtu and .pvtu with one .vtu piece per part out (ParaView opens either as one dataset).
#include <span>
#include <string>
#include <vector>

#include "formats/pvtu_replacement.hpp"
#include "libpart/core/partition.hpp"
#include "libpart/mesh/mesh.hpp"
#include "libpart/mesh/mesh_pieces.hpp"

class vtkUnstructuredGrid;

namespace part::formats {

// The mesh of a grid a VTK reader made from `path`, with every numeric point and cell array
// and gmsh's physical groups (kept as field data); polyhedra keep their faces. Throws
// InputError naming `path` on what read_vtk_mesh lists.
Mesh mesh_of_vtk_grid(vtkUnstructuredGrid* grid, const std::string& path);

// Reads a .vtu (vtkXMLUnstructuredGridReader), a legacy .vtk (vtkUnstructuredGridReader) or
// a .pvtu written by write_pvtu (its pieces read by read_pvtu_pieces, appended and joined
// back into the original mesh with join_pieces: owned cells in GlobalCellIds order).
// Every numeric point and cell array is kept with its type. XML files are checked first
// (vtk_xml_check.hpp). Throws InputError naming the file on malformed XML files, VTK read
// errors, unsupported cell types, point ids out of range, cells with the wrong number of points
// and empty meshes.
Mesh read_vtk_mesh(const std::string& path);

// Writes the listed cells with all the mesh's points, every point array, every cell array
// restricted to the listed cells, plus `extra_cell_arrays` (one tuple per listed cell),
// which replace same-named arrays. Atomic.
void write_vtu(const std::string& path, const Mesh& mesh, std::span<const CellId> cells,
               const std::vector<MeshArray>& extra_cell_arrays);

// Writes PATH.pvtu and the pieces PATH_<p>.vtu beside it (PATH-g<N>_<p>.vtu when replacing a
// dataset that uses those names: pvtu_replacement.hpp), one per piece, each with its
// cells' and points' arrays, the extra cell arrays (indexed like `cells`), GlobalCellIds
// (the position in `cells`), GlobalNodeIds (the mesh point) and, with ghost layers,
// vtkGhostType. Empty parts get no piece (VTK's parallel writer leaves them out). Everything is
// written in a temporary folder first and moved into place, the .pvtu last, so a failure leaves
// nothing behind; an existing dataset at PATH is replaced all-or-nothing, its pieces the new
// one does not name removed once the new .pvtu is in place.
void write_pvtu(const std::string& path, const Mesh& mesh, std::span<const CellId> cells,
                const std::vector<MeshPiece>& pieces,
                const std::vector<MeshArray>& extra_cell_arrays, int ghost_layers);

// write_pvtu in two steps, so the files can be checked before they appear: the constructor
// writes the .pvtu and its pieces into a temporary folder beside `path`; staged_path() is the
// .pvtu there; commit() moves the pieces, then the .pvtu, into place, then removes the old
// dataset's pieces. Without commit() the destructor removes everything.
class PendingPvtu {
  public:
    PendingPvtu(const std::string& path, const Mesh& mesh, std::span<const CellId> cells,
                const std::vector<MeshPiece>& pieces,
                const std::vector<MeshArray>& extra_cell_arrays, int ghost_layers);
    ~PendingPvtu();
    PendingPvtu(const PendingPvtu&) = delete;
    PendingPvtu& operator=(const PendingPvtu&) = delete;
    const std::string& staged_path() const { return staged_; }
    // The piece files the .pvtu will name once committed, beside `path`.
    std::vector<std::string> piece_paths() const;
    void commit();

  private:
    std::string target_;
    PvtuReplacement replacement_;
    std::string folder_, staged_;
};

// vtkGhostType of a piece's cells: 0 for its own, DUPLICATECELL (1) for its ghosts.
MeshArray ghost_flags(const MeshPiece& piece);

// One piece of a .pvtu read on its own: the file, the part it holds and its mesh.
struct PvtuPiece {
    std::string path;
    PartId part = 0;
    Mesh mesh;
};

// Reads each piece a .pvtu names, as a .vtu, with every array (GlobalCellIds, GlobalNodeIds,
// vtkGhostType included). A piece holds part p when its file name ends in _<p>.vtu, as
// VTK's parallel writer names them (so empty parts, which get no piece, keep the numbering);
// otherwise piece i holds part i. Throws InputError naming the .pvtu when it is not a
// PUnstructuredGrid file or a piece is missing, and naming the piece when it cannot be read.
std::vector<PvtuPiece> read_pvtu_pieces(const std::string& path);
// The same without reading the pieces (meshes left empty): names and parts only.
std::vector<PvtuPiece> list_pvtu_pieces(const std::string& path);

// A whole mesh (all cells and points, every array) as the text of a .vtu file in memory, and
// back: how the ranks send each other mesh pieces under mpirun (appended raw binary, so the
// round trip is exact). `what` names the piece in errors.
std::string vtu_text(const Mesh& mesh);
Mesh mesh_of_vtu_text(const std::string& text, const std::string& what);

// Writes a whole mesh as one .vtu piece of a .pvtu: arrays named GlobalCellIds and
// GlobalNodeIds are marked as VTK's global ids. Atomic.
void write_vtu_piece(const std::string& path, const Mesh& mesh);

// Writes the .pvtu naming `piece_files` (relative to its folder), declaring the arrays of
// `prototype` (a mesh with the arrays every piece has), as VTK's parallel writer does.
// Atomic.
void write_pvtu_summary(const std::string& path, const Mesh& prototype,
                        const std::vector<std::string>& piece_files, int ghost_layers = 0);

} // namespace part::formats
