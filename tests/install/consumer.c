/* A C program built with `pkg-config --cflags --libs part`: partitions a ring and reads the
 * error of a bad call. Exits 1 saying what went wrong. */
#include <stdio.h>

#include <part/part.h>

int main(void) {
    enum { n = 64 };
    int64_t xadj[n + 1];
    int32_t adjncy[2 * n], part[n];
    for (int v = 0; v < n; ++v) {
        xadj[v] = 2 * v;
        adjncy[2 * v] = (v + n - 1) % n;
        adjncy[2 * v + 1] = (v + 1) % n;
    }
    xadj[n] = 2 * n;
    part_graph graph = {n, xadj, adjncy, 1, NULL, NULL, NULL, 0, NULL};
    part_metrics metrics;
    if (part_partition(&graph, 4, "metis", 0.03, -1, part) != PART_OK ||
        part_compute_metrics(&graph, part, 4, &metrics) != PART_OK) {
        printf("failed: %s\n", part_last_error());
        return 1;
    }
    printf("ring of %d in 4 parts: cut %lld\n", n, (long long)metrics.edge_cut);
    if (metrics.edge_cut != 4 || metrics.empty_parts != 0) return 1;
    adjncy[0] = 5; /* vertex 0 lists 5, which does not list it back */
    if (part_partition(&graph, 4, NULL, 0.03, -1, part) != PART_ERROR_INPUT) return 1;
    printf("refused: %s\n", part_last_error());
    return 0;
}
