#pragma once
// VTK unstructured grids through VTK's own readers and writers: XML .vtu and legacy .vtk in,
// .vtu and .pvtu with one .vtu piece per part out (ParaView opens either as one dataset).
#include <span>
#include <string>
#include <vector>

#include "libpart/mesh/mesh.hpp"
#include "libpart/mesh/mesh_pieces.hpp"

namespace part::formats {

// Reads a .vtu (vtkXMLUnstructuredGridReader), a legacy .vtk (vtkUnstructuredGridReader) or
// a .pvtu written by write_pvtu (vtkXMLPUnstructuredGridReader; the pieces are joined back
// into the original mesh with join_pieces: owned cells in GlobalCellIds order).
// Every numeric point and cell array is kept with its type. Throws InputError naming the
// file on VTK read errors, unsupported cell types, point ids out of range, cells with the
// wrong number of points and empty meshes.
Mesh read_vtk_mesh(const std::string& path);

// Writes the listed cells with all the mesh's points, every point array, every cell array
// restricted to the listed cells, plus `extra_cell_arrays` (one tuple per listed cell),
// which replace same-named arrays. Atomic.
void write_vtu(const std::string& path, const Mesh& mesh, std::span<const CellId> cells,
               const std::vector<MeshArray>& extra_cell_arrays);

// Writes PATH.pvtu and the pieces PATH_<p>.vtu beside it, one per piece, each with its
// cells' and points' arrays, the extra cell arrays (indexed like `cells`), GlobalCellIds
// (the position in `cells`), GlobalNodeIds (the mesh point) and, with ghost layers,
// vtkGhostType. Empty parts get no piece (VTK's parallel writer leaves them out). Everything is
// written in a temporary folder first and moved into place, the .pvtu last, so a failure leaves
// nothing behind.
void write_pvtu(const std::string& path, const Mesh& mesh, std::span<const CellId> cells,
                const std::vector<MeshPiece>& pieces,
                const std::vector<MeshArray>& extra_cell_arrays, int ghost_layers);

} // namespace part::formats
