/* A C program built with mpicc and `pkg-config --cflags --libs part_mpi`, run on 2 ranks: each
 * rank's elements go to the other rank with a plan, with fixed-size then variable-size data,
 * then the ranks exchange their halos on the path 0 - 1 - ... - 5. Exits 1 saying what went
 * wrong. */
#include <stdio.h>

#include <part/part_mpi.h>

int main(int argc, char** argv) {
    enum { n = 6 };
    MPI_Init(&argc, &argv);
    int rank = 0, size = 1, failed = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int32_t old_part[n], new_part[n], ids[n], new_ids[n], count = 0, new_count = 0;
    double values[n], new_values[n];
    for (int v = 0; v < n; ++v) {
        old_part[v] = v * size / n;
        new_part[v] = size - 1 - old_part[v];
        if (old_part[v] == rank) {
            ids[count] = v;
            values[count++] = 10.0 * v;
        }
    }
    part_plan* plan = NULL;
    if (part_plan_make(n, old_part, size, new_part, size, NULL, &plan) != PART_OK ||
        part_migrate_count(plan, rank, count, &new_count) != PART_OK ||
        part_migrate(MPI_COMM_WORLD, plan, count, ids, values, sizeof(double), new_ids,
                     new_values) != PART_OK) {
        printf("rank %d failed: %s\n", rank, part_last_error());
        failed = 1;
    }
    for (int i = 0; !failed && i < new_count; ++i)
        failed = new_part[new_ids[i]] != rank || new_values[i] != 10.0 * new_ids[i];
    printf("rank %d: %d elements after the plan%s\n", rank, (int)new_count,
           failed ? ": WRONG" : "");
    /* Variable size: vertex v carries v % 3 + 1 bytes of value v. */
    int64_t offsets[n + 1] = {0}, new_bytes = 0;
    unsigned char bytes[3 * n];
    for (int i = 0; i < count; ++i) {
        offsets[i + 1] = offsets[i] + ids[i] % 3 + 1;
        for (int64_t b = offsets[i]; b < offsets[i + 1]; ++b) bytes[b] = (unsigned char)ids[i];
    }
    part_migrated* migrated = NULL;
    int32_t variable_count = 0, variable_ids[n];
    int64_t new_offsets[n + 1];
    unsigned char new_bytes_data[3 * n];
    if (!failed &&
        (part_migrate_variable(MPI_COMM_WORLD, plan, count, ids, offsets, bytes, &migrated) !=
             PART_OK ||
         part_migrated_sizes(migrated, &variable_count, &new_bytes) != PART_OK ||
         part_migrated_copy(migrated, variable_ids, new_offsets, new_bytes_data) != PART_OK)) {
        printf("rank %d failed: %s\n", rank, part_last_error());
        failed = 1;
    }
    part_migrated_free(migrated);
    failed = failed || variable_count != new_count;
    for (int i = 0; !failed && i < variable_count; ++i) {
        failed = variable_ids[i] != new_ids[i] ||
                 new_offsets[i + 1] - new_offsets[i] != new_ids[i] % 3 + 1;
        for (int64_t b = new_offsets[i]; !failed && b < new_offsets[i + 1]; ++b)
            failed = new_bytes_data[b] != (unsigned char)new_ids[i];
    }
    printf("rank %d: %lld bytes of variable-size data after the plan%s\n", rank,
           (long long)new_bytes, failed ? ": WRONG" : "");
    int64_t xadj[n + 1];
    int32_t adjncy[2 * (n - 1)], ghost_ids[n], ghosts = 0, edges = 0;
    for (int v = 0; v < n; ++v) {
        xadj[v] = edges;
        if (v > 0) adjncy[edges++] = v - 1;
        if (v + 1 < n) adjncy[edges++] = v + 1;
    }
    xadj[n] = edges;
    const part_graph path = {n, xadj, adjncy, 1, NULL, NULL, NULL, 0, NULL};
    double ghost_values[n];
    part_halo* halo = NULL;
    if (!failed && (part_halo_make(&path, new_part, size, NULL, rank, &halo) != PART_OK ||
                    part_halo_sizes(halo, NULL, &ghosts) != PART_OK ||
                    part_halo_ghost_ids(halo, ghost_ids) != PART_OK ||
                    part_halo_exchange(MPI_COMM_WORLD, halo, new_count, new_ids, new_values,
                                       sizeof(double), ghost_values) != PART_OK)) {
        printf("rank %d failed: %s\n", rank, part_last_error());
        failed = 1;
    }
    for (int i = 0; !failed && i < ghosts; ++i) failed = ghost_values[i] != 10.0 * ghost_ids[i];
    printf("rank %d: %d ghosts%s\n", rank, (int)ghosts, failed ? ": WRONG" : "");
    part_halo_free(halo);
    part_plan_free(plan);
    MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return failed;
}
