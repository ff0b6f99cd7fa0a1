#include "examples/demo_solver/cell_mesh.hpp"

#include <algorithm>
#include <limits>

#include "formats/gmsh_mesh.hpp"
#include "libpart/mesh/mesh_graph.hpp"

namespace demo {

CellMesh read_cell_mesh(const std::string& path) {
    CellMesh result;
    result.mesh = part::formats::read_gmsh_mesh(path);
    part::keep_top_dimensional_cells(result.mesh);
    part::DualGraph dual = part::build_dual_graph(result.mesh);
    result.xadj = std::move(dual.graph.xadj);
    result.adjncy = std::move(dual.graph.adjncy);
    for (std::int32_t c = 0; c < result.num_cells(); ++c)
        std::sort(result.adjncy.begin() + result.xadj[c],
                  result.adjncy.begin() + result.xadj[c + 1]);
    result.dim = dual.graph.coords.dim;
    result.centroids = std::move(dual.graph.coords.values);
    result.low.assign(std::size_t(result.dim), std::numeric_limits<double>::max());
    result.high.assign(std::size_t(result.dim), std::numeric_limits<double>::lowest());
    for (std::size_t i = 0; i < result.centroids.size(); ++i) {
        const std::size_t axis = i % std::size_t(result.dim);
        result.low[axis] = std::min(result.low[axis], result.centroids[i]);
        result.high[axis] = std::max(result.high[axis], result.centroids[i]);
    }
    return result;
}

LocalCells local_cells(const CellMesh& mesh, std::span<const std::int32_t> owner, int rank,
                       std::vector<std::int32_t> ids) {
    LocalCells local;
    local.ids = std::move(ids);
    local.offsets.assign(1, 0);
    for (const std::int32_t cell : local.ids) {
        local.neighbours.insert(local.neighbours.end(), mesh.adjncy.begin() + mesh.xadj[cell],
                                mesh.adjncy.begin() + mesh.xadj[cell + 1]);
        local.offsets.push_back(std::int64_t(local.neighbours.size()));
    }
    local.schedule = part::api::halo_schedule(
        part::api::OwnedRows{local.ids, local.offsets, local.neighbours}, owner, {}, rank);
    const std::vector<std::int32_t> ghosts = part::api::ghost_ids(local.schedule);
    local.num_ghosts = std::int32_t(ghosts.size());
    // Global ids to positions in [owned..., ghosts...]; the rows keep their ascending order.
    std::vector<std::int32_t> position(std::size_t(mesh.num_cells()), -1);
    for (std::size_t i = 0; i < local.ids.size(); ++i) position[local.ids[i]] = std::int32_t(i);
    for (std::size_t j = 0; j < ghosts.size(); ++j)
        position[ghosts[j]] = std::int32_t(local.ids.size() + j);
    for (std::int32_t& neighbour : local.neighbours) neighbour = position[neighbour];
    return local;
}

} // namespace demo
