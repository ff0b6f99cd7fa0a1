// The bookkeeping behind the partitioned Gmsh output (partitioned_entities): cells grouped into
// model entities and, per part, partitioned entities numbered after them as gmsh numbers its
// own; ghost entities holding the cells of other parts that share a node, top-dimensional ones
// only; each node listed once.
#include <gtest/gtest.h>

#include <set>

#include "libpart/mesh/partitioned_entities.hpp"

using namespace part;

namespace {

// Two unit squares side by side, each cut into two triangles (the left ones with physical tag
// 3, the right ones untagged), and the two bottom edges as lines with physical tag 7.
Mesh two_squares_with_a_wall() {
    Mesh mesh;
    mesh.dim = 2;
    mesh.points = {0, 0, 1, 0, 2, 0, 0, 1, 1, 1, 2, 1};
    mesh.point_count = 6;
    mesh.add_cell(CellType::Triangle, std::vector<PointId>{0, 1, 4});
    mesh.add_cell(CellType::Triangle, std::vector<PointId>{0, 4, 3});
    mesh.add_cell(CellType::Triangle, std::vector<PointId>{1, 2, 5});
    mesh.add_cell(CellType::Triangle, std::vector<PointId>{1, 5, 4});
    mesh.add_cell(CellType::Line, std::vector<PointId>{0, 1});
    mesh.add_cell(CellType::Line, std::vector<PointId>{1, 2});
    mesh.cell_data.push_back(
        MeshArray::from_values(kPhysicalTagArray, 1, std::vector<std::int32_t>{3, 3, 0, 0, 7, 7}));
    validate(mesh);
    return mesh;
}

const std::vector<CellId> kCells{0, 1, 2, 3, 4, 5};
const std::vector<PartId> kPart{0, 0, 1, 1, 0, 1};

TEST(PartitionedEntities, OneEntityPerTagAndOnePartitionedEntityPerPart) {
    const PartitionedModel model =
        partition_model_entities(two_squares_with_a_wall(), kCells, kPart);
    ASSERT_EQ(model.entities.size(), 3u);
    // The lines' entity, then the surfaces: tagged, then the untagged cells under a new tag.
    EXPECT_EQ(model.entities[0].dim, 1);
    EXPECT_EQ(model.entities[0].tag, 7);
    EXPECT_EQ(model.entities[0].physical, 7);
    EXPECT_EQ(model.entities[1].tag, 3);
    EXPECT_EQ(model.entities[1].physical, 3);
    EXPECT_EQ(model.entities[2].dim, 2);
    EXPECT_EQ(model.entities[2].tag, 4);
    EXPECT_EQ(model.entities[2].physical, 0);

    ASSERT_EQ(model.partitioned.size(), 4u);
    std::set<std::pair<int, std::int32_t>> tags;
    for (const PartitionedEntity& e : model.partitioned) {
        const ModelEntity& parent = model.entities[e.parent];
        EXPECT_EQ(e.dim, parent.dim);
        for (std::size_t i : e.cells) {
            EXPECT_EQ(kPart[i], e.part) << "cell " << i;
            EXPECT_EQ(cell_dimension(two_squares_with_a_wall().cell_types[i]), e.dim);
        }
        // Numbered after every model entity of its dimension.
        for (const ModelEntity& m : model.entities)
            if (m.dim == e.dim) {
                EXPECT_GT(e.tag, m.tag);
            }
        EXPECT_TRUE(tags.insert({e.dim, e.tag}).second) << "tag " << e.tag << " twice";
    }
    EXPECT_EQ(model.partitioned[0].cells, (std::vector<std::size_t>{4}));
    EXPECT_EQ(model.partitioned[1].cells, (std::vector<std::size_t>{5}));
    EXPECT_TRUE(model.ghosts.empty());
}

TEST(PartitionedEntities, GhostsAreTheTopCellsOfOtherPartsSharingANode) {
    const Mesh mesh = two_squares_with_a_wall();
    PartitionedModel model = partition_model_entities(mesh, kCells, kPart);
    add_ghost_entities(model, mesh, kCells, kPart, 4, 2, 1);
    ASSERT_EQ(model.ghosts.size(), 2u);
    // Both right triangles touch the left square (node 1, and node 4), and the other way round;
    // the lines, boundary elements, are never ghosts.
    EXPECT_EQ(model.ghosts[0].cells, (std::vector<std::size_t>{2, 3}));
    EXPECT_EQ(model.ghosts[1].cells, (std::vector<std::size_t>{0, 1}));
    std::int32_t max_surface = 0;
    for (const PartitionedEntity& e : model.partitioned)
        if (e.dim == 2) max_surface = std::max(max_surface, e.tag);
    for (PartId p = 0; p < 2; ++p) {
        EXPECT_EQ(model.ghosts[std::size_t(p)].part, p);
        EXPECT_EQ(model.ghosts[std::size_t(p)].dim, 2);
        EXPECT_EQ(model.ghosts[std::size_t(p)].tag, max_surface + 1 + p);
    }
    EXPECT_THROW(add_ghost_entities(model, mesh, kCells, kPart, 7, 2, 1), InvalidArgument);
}

TEST(PartitionedEntities, EachNodeListedOnceUnderTheFirstGroupUsingIt) {
    const Mesh mesh = two_squares_with_a_wall();
    const std::vector<std::size_t> wall{4}, left{0, 1};
    const std::vector<std::span<const std::size_t>> groups{wall, left};
    const auto nodes = nodes_of_cell_groups(mesh, kCells, groups);
    EXPECT_EQ(nodes, (std::vector<std::vector<PointId>>{{0, 1}, {3, 4}}));
}

} // namespace
