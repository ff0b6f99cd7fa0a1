#include "libpart/mesh/boundary_elements.hpp"

#include <algorithm>
#include <string>

#include "libpart/mesh/node_cells.hpp"

namespace part {

namespace {

bool holds_all(std::span<const PointId> cell, std::span<const PointId> nodes) {
    return std::all_of(nodes.begin(), nodes.end(), [&](PointId p) {
        return std::find(cell.begin(), cell.end(), p) != cell.end();
    });
}

[[noreturn]] void no_adjacent_cell(const Mesh& mesh, CellId c, std::int32_t tag) {
    const PhysicalGroup* group =
        find_physical_group(mesh, cell_dimension(mesh.cell_types[std::size_t(c)]), tag);
    const std::string name = group ? " \"" + group->name + "\"" : "";
    throw MeshError(
        c, "boundary element " + std::to_string(c + 1) + " (" +
               cell_name(mesh.cell_types[std::size_t(c)]) + ", physical tag " +
               std::to_string(tag) + name + ") has no adjacent cell: no cell of dimension " +
               std::to_string(top_dimension(mesh)) + " holds all its nodes, so no part can own it");
}

} // namespace

BoundaryElements find_boundary_elements(const Mesh& mesh, std::span<const CellId> top_cells) {
    BoundaryElements boundary;
    const MeshArray* physical = mesh.find_cell_array(kPhysicalTagArray);
    if (!physical) return boundary;
    const int top = top_dimension(mesh);
    for (CellId c = 0; c < mesh.num_cells(); ++c)
        if (cell_dimension(mesh.cell_types[std::size_t(c)]) < top &&
            physical->value(std::size_t(c)) != 0)
            boundary.cells.push_back(c);
    if (boundary.cells.empty()) return boundary;
    // A higher-order element's corners are those of a face of its cell; its other nodes need
    // no look.
    const NodeCells around = node_to_cells(mesh, top_cells, CellNodes::Corners);
    for (CellId c : boundary.cells) {
        const auto nodes = mesh.corners(c);
        const auto candidates = around.of(nodes[0]);
        const auto found = std::find_if(candidates.begin(), candidates.end(), [&](CellId i) {
            return holds_all(mesh.corners(top_cells[std::size_t(i)]), nodes);
        });
        if (found == candidates.end())
            no_adjacent_cell(mesh, c, std::int32_t(physical->value(std::size_t(c))));
        boundary.adjacent.push_back(*found);
    }
    return boundary;
}

std::vector<PartId> boundary_parts(const BoundaryElements& boundary, std::span<const PartId> part) {
    std::vector<PartId> parts;
    parts.reserve(boundary.adjacent.size());
    for (CellId i : boundary.adjacent) parts.push_back(part[std::size_t(i)]);
    return parts;
}

} // namespace part
