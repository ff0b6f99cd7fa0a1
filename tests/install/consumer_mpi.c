/* A C program built with mpicc and `pkg-config --cflags --libs part_mpi`, run on 2 ranks: each
 * rank's elements go to the other rank with a plan. Exits 1 saying what went wrong. */
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
    part_plan_free(plan);
    MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return failed;
}
