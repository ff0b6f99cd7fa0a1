// Under mpiexec: moves each rank's vertices of a path to the other rank with a plan, then
// exchanges the halo of the new partition through the installed MPI interface; exits 1 saying
// what went wrong.
#include <cstdio>
#include <vector>

#include <part/part_mpi.hpp>

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int n = 10; // a path 0 - 1 - ... - 9, old halves swapped between the ranks
    std::vector<std::int32_t> old_part(n), new_part(n), ids;
    for (int v = 0; v < n; ++v) {
        old_part[v] = v * size / n;
        new_part[v] = size - 1 - old_part[v];
        if (old_part[v] == rank) ids.push_back(v);
    }
    const auto plan = part::api::make_plan(old_part, size, new_part, size);
    std::vector<double> values;
    for (std::int32_t v : ids) values.push_back(v * 1.5);
    const auto moved = part::api::migrate<double>(MPI_COMM_WORLD, plan, ids, values);
    int failed = 0;
    for (std::size_t i = 0; i < moved.ids.size(); ++i)
        failed |= new_part[moved.ids[i]] != rank || moved.values[i] != moved.ids[i] * 1.5;

    std::vector<std::int64_t> xadj{0};
    std::vector<std::int32_t> adjncy;
    for (int v = 0; v < n; ++v) {
        if (v > 0) adjncy.push_back(v - 1);
        if (v + 1 < n) adjncy.push_back(v + 1);
        xadj.push_back(std::int64_t(adjncy.size()));
    }
    const auto schedule =
        part::api::halo_schedule({.xadj = xadj, .adjncy = adjncy}, new_part, {}, rank);
    const auto ghosts =
        part::api::halo_exchange<double>(MPI_COMM_WORLD, schedule, moved.ids, moved.values);
    const auto ghost_ids = part::api::ghost_ids(schedule);
    failed |= size > 1 && ghosts.empty();
    for (std::size_t i = 0; i < ghosts.size(); ++i) failed |= ghosts[i] != ghost_ids[i] * 1.5;
    std::printf("rank %d: %zu ids after the plan, %zu ghosts%s\n", rank, moved.ids.size(),
                ghosts.size(), failed ? ": WRONG" : "");
    MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return failed;
}
