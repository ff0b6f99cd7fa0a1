#pragma once
// The mesh as the demo solver holds it: every rank reads the whole mesh (simple, and enough for
// an example), keeps its top-dimensional cells (cell i = graph vertex i = global cell id i) and
// builds the dual graph. Each rank then owns some cells (LocalCells) and exchanges the values
// of the neighbours it does not own with part::api::halo_exchange.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "libpart/mesh/mesh.hpp"
#include "part/part.hpp"

namespace demo {

struct CellMesh {
    part::Mesh mesh;                  // top-dimensional cells only, for the checkpoints
    std::vector<std::int64_t> xadj;   // dual graph (cells sharing a face), CSR
    std::vector<std::int32_t> adjncy; // each row ascending: the update's summation order
    int dim = 3;
    std::vector<double> centroids; // num_cells() * dim
    std::vector<double> low, high; // bounding box of the centroids, dim values each

    std::int32_t num_cells() const { return std::int32_t(xadj.size() - 1); }
    part::api::GraphView graph(std::span<const std::int32_t> vwgt = {}) const {
        return {.xadj = xadj, .adjncy = adjncy, .vwgt = vwgt};
    }
};

// Reads a Gmsh .msh file; throws part::InputError naming the file on bad input.
CellMesh read_cell_mesh(const std::string& path);

// One rank's cells: the ids it owns (ascending, as migrate returns them), its halo schedule, and
// for each owned cell its neighbours in ascending global id, as positions in the array of
// values [owned cells..., ghosts in ghost_ids(schedule) order].
struct LocalCells {
    std::vector<std::int32_t> ids;
    part::api::HaloSchedule schedule;
    std::int32_t num_ghosts = 0;
    std::vector<std::int64_t> offsets;
    std::vector<std::int32_t> neighbours;
};

// The cells of `rank` when cell c lives on rank owner[c]; `ids` are those cells, ascending.
LocalCells local_cells(const CellMesh& mesh, std::span<const std::int32_t> owner, int rank,
                       std::vector<std::int32_t> ids);

} // namespace demo
