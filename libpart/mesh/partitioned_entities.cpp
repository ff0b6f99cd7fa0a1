#include "libpart/mesh/partitioned_entities.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>

#include "libpart/mesh/mesh_pieces.hpp"

namespace part {

namespace {

// The tag of a cell's model entity: its elementary tag when the mesh has them, else its
// physical tag (0 for untagged cells).
std::int32_t entity_tag(const MeshArray* geometrical, const MeshArray* physical, CellId c) {
    if (geometrical) return std::int32_t(geometrical->value(std::size_t(c)));
    return physical ? std::int32_t(physical->value(std::size_t(c))) : 0;
}

} // namespace

PartitionedModel partition_model_entities(const Mesh& mesh, std::span<const CellId> cells,
                                          std::span<const PartId> part) {
    if (part.size() != cells.size())
        throw InvalidArgument("the partition has " + std::to_string(part.size()) + " entries for " +
                              std::to_string(cells.size()) + " cells");
    const MeshArray* geometrical = mesh.find_cell_array("gmsh:geometrical");
    const MeshArray* physical = mesh.find_cell_array(kPhysicalTagArray);
    // (dim, entity tag) -> physical tag, and (dim, entity tag, part) -> cells: ordered maps give
    // the order gmsh lists entities in, whatever the order of the cells.
    std::map<std::pair<int, std::int32_t>, std::int32_t> entities;
    std::map<std::tuple<int, std::int32_t, PartId>, std::vector<std::size_t>> pieces;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const CellId c = cells[i];
        const int dim = cell_dimension(mesh.cell_types[std::size_t(c)]);
        const std::int32_t tag = entity_tag(geometrical, physical, c);
        entities.try_emplace({dim, tag},
                             physical ? std::int32_t(physical->value(std::size_t(c))) : 0);
        pieces[{dim, tag, part[i]}].push_back(i);
    }
    PartitionedModel model;
    std::map<std::pair<int, std::int32_t>, std::size_t> index;
    std::int32_t max_tag[4] = {0, 0, 0, 0};
    for (const auto& [key, phys] : entities)
        max_tag[key.first] = std::max(max_tag[key.first], key.second);
    // gmsh's entity tags are positive: untagged cells (tag 0) get a new entity after the
    // others of their dimension.
    for (int dim = 0; dim <= 3; ++dim)
        for (bool tagged : {true, false})
            for (const auto& [key, phys] : entities)
                if (key.first == dim && (key.second > 0) == tagged) {
                    index[key] = model.entities.size();
                    model.entities.push_back({dim, tagged ? key.second : ++max_tag[dim], phys});
                }
    for (auto& [key, entity_cells] : pieces) {
        const auto [dim, tag, p] = key;
        model.partitioned.push_back(
            {dim, ++max_tag[dim], index.at({dim, tag}), p, std::move(entity_cells)});
    }
    return model;
}

void add_ghost_entities(PartitionedModel& model, const Mesh& mesh, std::span<const CellId> cells,
                        std::span<const PartId> part, std::size_t num_top, PartId num_parts,
                        int layers) {
    if (num_top > cells.size() || part.size() != cells.size())
        throw InvalidArgument("ghost entities of " + std::to_string(num_top) + " cells among " +
                              std::to_string(cells.size()));
    const int dim = num_top ? cell_dimension(mesh.cell_types[std::size_t(cells[0])]) : 0;
    std::int32_t max_tag = 0;
    for (const PartitionedEntity& e : model.partitioned)
        if (e.dim == dim) max_tag = std::max(max_tag, e.tag);
    // The top-dimensional cells come first in the selection: the pieces' positions are its own.
    const std::vector<MeshPiece> pieces =
        split_mesh(mesh, cells.first(num_top), part.first(num_top), num_parts, layers);
    for (PartId p = 0; p < num_parts; ++p) {
        const MeshPiece& piece = pieces[std::size_t(p)];
        GhostEntity ghost{dim, ++max_tag, p, {}};
        for (std::size_t k = piece.num_owned; k < piece.cells.size(); ++k)
            ghost.cells.push_back(std::size_t(piece.cells[k]));
        model.ghosts.push_back(std::move(ghost));
    }
}

std::vector<std::vector<PointId>>
nodes_of_cell_groups(const Mesh& mesh, std::span<const CellId> cells,
                     std::span<const std::span<const std::size_t>> groups) {
    std::vector<std::vector<PointId>> nodes(groups.size());
    std::vector<bool> seen(std::size_t(mesh.num_points()), false);
    for (std::size_t k = 0; k < groups.size(); ++k) {
        for (std::size_t i : groups[k])
            for (PointId q : mesh.cell(cells[i]))
                if (!seen[std::size_t(q)]) {
                    seen[std::size_t(q)] = true;
                    nodes[k].push_back(q);
                }
        std::sort(nodes[k].begin(), nodes[k].end());
    }
    return nodes;
}

} // namespace part
