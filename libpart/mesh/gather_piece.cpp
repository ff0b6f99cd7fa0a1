#include "libpart/mesh/gather_piece.hpp"

#include <algorithm>
#include <numeric>

#include "libpart/mesh/append_meshes.hpp"
#include "libpart/mesh/mesh_subset.hpp"

namespace part {

namespace {

const MeshArray& id_array(const MeshArray* array, const char* name) {
    if (!array || array->components() != 1)
        throw MeshError(-1, std::string("cannot gather the piece: no single-component array '") +
                                name + "' (part-convert --split writes it)");
    return *array;
}

// Sorts `order` (indices into `ids`) by id, ties by index.
void sort_by_id(std::vector<std::int32_t>& order, const MeshArray& ids) {
    std::vector<double> key(order.size());
    for (std::size_t i = 0; i < order.size(); ++i) key[i] = ids.value(i);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::int32_t a, std::int32_t b) { return key[a] < key[b]; });
}

} // namespace

Mesh gather_piece(std::span<const Mesh> parts) {
    Mesh appended = append_meshes(parts);
    const MeshArray& node_ids =
        id_array(appended.find_point_array("GlobalNodeIds"), "GlobalNodeIds");
    const MeshArray& cell_ids =
        id_array(appended.find_cell_array("GlobalCellIds"), "GlobalCellIds");

    // Every copy of a point is replaced by its first copy in the cells' node lists, and the
    // piece lists the first copies by id, so that its point numbering, like the cell order,
    // does not depend on which sender a point came from.
    std::vector<PointId> by_id(std::size_t(appended.num_points()));
    std::iota(by_id.begin(), by_id.end(), PointId(0));
    sort_by_id(by_id, node_ids);
    std::vector<PointId> first_copy(by_id.size());
    MeshPiece piece;
    for (std::size_t k = 0; k < by_id.size(); ++k) {
        const bool repeat = k > 0 && node_ids.value(std::size_t(by_id[k])) ==
                                         node_ids.value(std::size_t(by_id[k - 1]));
        first_copy[std::size_t(by_id[k])] =
            repeat ? first_copy[std::size_t(by_id[k - 1])] : by_id[k];
        if (!repeat) piece.points.push_back(by_id[k]);
    }
    for (PointId& p : appended.cell_nodes) p = first_copy[std::size_t(p)];

    std::vector<CellId> cells = all_cells(appended);
    sort_by_id(cells, cell_ids);
    // Own cells first, then ghosts, as split_mesh orders a piece.
    if (const MeshArray* ghosts = appended.find_cell_array("vtkGhostType"))
        std::stable_partition(cells.begin(), cells.end(),
                              [&](CellId c) { return ghosts->value(std::size_t(c)) == 0; });
    piece.cells = all_cells(appended);
    piece.num_owned = cells.size();
    return mesh_subset(appended, cells, piece);
}

} // namespace part
