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

struct PartitionedModel {
    std::vector<ModelEntity> entities;          // by dimension, then tag
    std::vector<PartitionedEntity> partitioned; // by dimension, parent tag as read, part
};

// Groups the selected cells (`cells`, one part each in `part`) into model entities and their
// partitioned entities. Throws InvalidArgument when the lengths differ.
PartitionedModel partition_model_entities(const Mesh& mesh, std::span<const CellId> cells,
                                          std::span<const PartId> part);

// The nodes to list under each of the partitioned entities `listed` (indices in
// model.partitioned): each node their cells use, under the first of them (in `listed` order,
// then cell order) that uses it; ascending within an entity.
std::vector<std::vector<PointId>> nodes_of_entities(const Mesh& mesh, std::span<const CellId> cells,
                                                    const PartitionedModel& model,
                                                    std::span<const std::size_t> listed);

} // namespace part
