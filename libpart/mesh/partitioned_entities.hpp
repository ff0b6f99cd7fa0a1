#pragma once
// The bookkeeping of a partitioned Gmsh model (gmsh's MSH 4.1 $PartitionedEntities): the cells
// of the mesh belong to model entities (gmsh's points, curves, surfaces and volumes), and a
// partition cuts each entity into one partitioned entity per part that holds some of its cells.
// Every node is listed once, under one partitioned entity whose cells use it.
#include <cstdint>
#include <span>
#include <vector>

#include "libpart/core/partition.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part {

// A model entity: the cells of dimension `dim` with one elementary tag (the "gmsh:geometrical"
// array), or, for a mesh without one, with one physical tag.
struct ModelEntity {
    int dim = 0;
    std::int32_t tag = 0;
    std::int32_t physical = 0; // its cells' "gmsh:physical" tag, 0 when none
};

// The cells of one model entity in one part.
struct PartitionedEntity {
    int dim = 0;
    std::int32_t tag = 0;   // numbered after the model entities of its dimension, as gmsh does
    std::size_t parent = 0; // index in PartitionedModel::entities
    PartId part = 0;
    std::vector<std::size_t> cells; // positions in the cell selection, ascending
};

// A part's ghost entity (gmsh's ghost cells): the top-dimensional cells of other parts that
// its ghost layers hold.
struct GhostEntity {
    int dim = 0;
    std::int32_t tag = 0; // numbered after the partitioned entities of its dimension
    PartId part = 0;
    std::vector<std::size_t> cells; // positions in the cell selection, ascending
};

struct PartitionedModel {
    std::vector<ModelEntity> entities;          // by dimension, then tag
    std::vector<PartitionedEntity> partitioned; // by dimension, parent tag as read, part
    std::vector<GhostEntity> ghosts;            // one per part with ghost layers, else none
};

// Groups the selected cells (`cells`, one part each in `part`) into model entities and their
// partitioned entities. Throws InvalidArgument when the lengths differ.
PartitionedModel partition_model_entities(const Mesh& mesh, std::span<const CellId> cells,
                                          std::span<const PartId> part);

// Adds one ghost entity per part of `num_parts` to `model`: the cells of other parts that share
// a node with the part's cells, `layers` times over (split_mesh's rule, as gmsh -part_ghosts
// does for one layer). Only the first `num_top` selected cells, the top-dimensional ones,
// take part, as in gmsh, where boundary elements are never ghosts.
void add_ghost_entities(PartitionedModel& model, const Mesh& mesh, std::span<const CellId> cells,
                        std::span<const PartId> part, std::size_t num_top, PartId num_parts,
                        int layers);

// The nodes to list under each group of cells (positions in the cell selection), e.g. the
// partitioned entities of a file: each node their cells use, under the first group (then cell)
// that uses it; ascending within a group.
std::vector<std::vector<PointId>>
nodes_of_cell_groups(const Mesh& mesh, std::span<const CellId> cells,
                     std::span<const std::span<const std::size_t>> groups);

} // namespace part
