// Partitions a grid, loads a corner and repartitions it through the installed C++ interface;
// exits 1 saying what went wrong.
#include <cstdio>
#include <vector>

#include <part/part.hpp>

int main() {
    const int nx = 40, ny = 25, n = nx * ny;
    std::vector<std::int64_t> xadj{0};
    std::vector<std::int32_t> adjncy;
    for (int v = 0; v < n; ++v) {
        const int x = v % nx, y = v / nx;
        if (y > 0) adjncy.push_back(v - nx);
        if (x > 0) adjncy.push_back(v - 1);
        if (x + 1 < nx) adjncy.push_back(v + 1);
        if (y + 1 < ny) adjncy.push_back(v + nx);
        xadj.push_back(std::int64_t(adjncy.size()));
    }
    part::api::GraphView graph{.xadj = xadj, .adjncy = adjncy};
    const auto old_part = part::api::partition(graph, 8);
    const auto before = part::api::metrics(graph, old_part, 8);
    std::vector<std::int32_t> load(n, 1);
    for (int v = 0; v < n; ++v) load[v] = v % nx < 10 && v / nx < 10 ? 5 : 1;
    graph.vwgt = load;
    const auto after = part::api::repartition(graph, old_part, 8, 8);
    const auto m = part::api::metrics(graph, after.part, 8);
    std::printf("cut %lld -> %lld, imbalance %.3f, moved %lld\n", (long long)before.edge_cut,
                (long long)m.edge_cut, m.imbalance, (long long)after.moved_size);
    if (before.edge_cut <= 0 || m.imbalance > 1.031 || after.moved_size <= 0) return 1;
    try {
        part::api::partition(graph, 0);
        return 1;
    } catch (const part::api::Error&) {
    }
    return 0;
}
