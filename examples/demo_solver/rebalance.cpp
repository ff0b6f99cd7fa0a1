#include "examples/demo_solver/rebalance.hpp"

#include "libpart/mpi/collective_errors.hpp"
#include "part/part_mpi.hpp"

namespace demo {

namespace {

// Rank 0's vector on every rank.
void broadcast(MPI_Comm comm, std::vector<std::int32_t>& values) {
    auto count = std::int64_t(values.size());
    MPI_Bcast(&count, 1, MPI_INT64_T, 0, comm);
    values.resize(std::size_t(count));
    MPI_Bcast(values.data(), int(count), MPI_INT32_T, 0, comm);
}

std::vector<std::int32_t> cells_of(std::span<const std::int32_t> owner, int rank) {
    std::vector<std::int32_t> cells;
    for (std::size_t c = 0; c < owner.size(); ++c)
        if (owner[c] == rank) cells.push_back(std::int32_t(c));
    return cells;
}

} // namespace

int rank_of(MPI_Comm comm) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    return rank;
}

int size_of(MPI_Comm comm) {
    int size = 1;
    MPI_Comm_size(comm, &size);
    return size;
}

std::vector<std::int32_t> partition_cells(MPI_Comm comm, const CellMesh& mesh,
                                          const HeatModel& model, std::int64_t step,
                                          const std::string& method) {
    // Rank 0's failure (an unknown method, say) reaches every rank: none waits in the broadcast.
    std::vector<std::int32_t> part = part::mpi::collectively(comm, [&] {
        if (rank_of(comm) != 0) return std::vector<std::int32_t>{};
        const std::vector<std::int32_t> work = model.work(step);
        part::api::GraphView graph = mesh.graph(work);
        graph.dim = mesh.dim;
        graph.coords = mesh.centroids;
        return part::api::partition(graph, size_of(comm), {.method = method});
    });
    broadcast(comm, part);
    return part;
}

SolverState initial_state(MPI_Comm comm, const CellMesh& mesh, const HeatModel& model,
                          const std::string& method) {
    SolverState state;
    state.owner = partition_cells(comm, mesh, model, 0, method);
    const int rank = rank_of(comm);
    state.local = local_cells(mesh, state.owner, rank, cells_of(state.owner, rank));
    state.values.assign(state.local.ids.size() + std::size_t(state.local.num_ghosts), 0.0);
    return state;
}

Moved move_cells(MPI_Comm comm, const CellMesh& mesh, SolverState& state,
                 const std::vector<std::int32_t>& new_part,
                 const std::vector<std::int32_t>& rank_of_part) {
    const int ranks = size_of(comm), rank = rank_of(comm);
    const part::api::Plan plan =
        part::api::make_plan(state.owner, ranks, new_part, ranks, rank_of_part);
    const std::span<const double> owned(state.values.data(), state.local.ids.size());
    part::api::Migrated<double> migrated =
        part::api::migrate<double>(comm, plan, state.local.ids, owned);
    Moved moved;
    for (std::size_t c = 0; c < new_part.size(); ++c) {
        const std::int32_t owner = rank_of_part.empty() ? new_part[c] : rank_of_part[new_part[c]];
        moved.cells += owner != state.owner[c];
        state.owner[c] = owner;
    }
    moved.bytes = moved.cells * std::int64_t(sizeof(double));
    state.local = local_cells(mesh, state.owner, rank, std::move(migrated.ids));
    state.values = std::move(migrated.values);
    state.values.resize(state.local.ids.size() + std::size_t(state.local.num_ghosts));
    return moved;
}

Moved rebalance(MPI_Comm comm, const CellMesh& mesh, const HeatModel& model, SolverState& state) {
    const int ranks = size_of(comm);
    part::api::Repartition next = part::mpi::collectively(comm, [&] {
        if (rank_of(comm) != 0) return part::api::Repartition{};
        const std::vector<std::int32_t> work = model.work(state.step);
        return part::api::repartition(mesh.graph(work), state.owner, ranks, ranks,
                                      {.method = "gde"});
    });
    std::vector<std::int32_t> part = std::move(next.part),
                              rank_of_part = std::move(next.rank_of_part);
    broadcast(comm, part);
    broadcast(comm, rank_of_part);
    return move_cells(comm, mesh, state, part, rank_of_part);
}

} // namespace demo
