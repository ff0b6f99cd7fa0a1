// Reads one Chaco/METIS graph (file name -> validated Graph, as part-stats does) and prints
// the wall and CPU time of the read; bench/io.sh runs it under callgrind to count the read's
// instructions against gpmetis's ReadGraph.
//   g++ -std=c++20 -O2 -I. bench/read_graph.cpp build/formats/libpartformats.a \
//       build/libpart/libpart.a -o read_graph && ./read_graph FILE
#include <chrono>
#include <cstdio>
#include <sys/resource.h>

#include "formats/chaco_graph.hpp"

namespace {

double cpu_seconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: read_graph FILE\n");
        return 2;
    }
    const auto start = std::chrono::steady_clock::now();
    const double cpu_start = cpu_seconds();
    const part::Graph g = part::formats::read_chaco_graph(argv[1]);
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%lld vertices, %lld edges: read in %.4f s (cpu %.4f s)\n",
                (long long)g.num_vertices(), (long long)g.num_edges(), wall,
                cpu_seconds() - cpu_start);
}
