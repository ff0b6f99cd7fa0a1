#pragma once
// A partitioned mesh as gmsh writes one (gmsh -part N -format msh41): an MSH 4.1 ASCII file with
// the model entities of the mesh ($Entities), the partitioned entities cutting each of them by
// part ($PartitionedEntities, partitions numbered from 1), and the nodes and elements of each
// partitioned entity; or, as gmsh -part_split does, one such file per part holding that part's
// entities only. Reference: gmsh's manual, "MSH file format version 4.1".
#include <span>
#include <string>
#include <vector>

#include "libpart/core/partition.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part::formats {

// Ghost cells as gmsh -part_ghosts writes them: per part, the top-dimensional cells of other
// parts within `layers` node-sharing layers, listed in $GhostElements (and, in a part's own
// file of a split output, written as elements of that part's ghost entity).
struct GmshGhosts {
    int layers = 0;          // 0: none
    std::size_t num_top = 0; // the top-dimensional cells, first in the selection
};

// The file of part `part` (0-based) of a split output: out.msh -> out_1.msh, as gmsh names it.
std::string gmsh_part_path(const std::string& output, PartId part);

// Writes the selected cells of `mesh` (`cells`, e.g. the top-dimensional cells then the
// boundary elements), cell i in part part[i] of num_parts, to `output`, or with `split` to
// gmsh_part_path(output, p) for every part p, empty ones included, with `ghosts`. Elements keep
// their mesh cell's number plus one as their tag, nodes their point's. All files appear or none: a
// cell gmsh has no element type for (a polyhedron) is an InputError naming `mesh_path`, thrown
// before anything is written. Returns the files written.
std::vector<std::string> write_gmsh_partitioned_mesh(const std::string& output, const Mesh& mesh,
                                                     const std::string& mesh_path,
                                                     std::span<const CellId> cells,
                                                     std::span<const PartId> part, PartId num_parts,
                                                     bool split, const GmshGhosts& ghosts = {});

} // namespace part::formats
