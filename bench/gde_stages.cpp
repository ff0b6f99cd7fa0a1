// Wall time of the stages part-refine runs before the band refinement, in one process: the
// graph and the start are read once, then fragment absorption alone, absorption + GDE balance
// (refine_with_gde without polish), quotient_graph, the adjuster's setup and the report
// part-refine computes beside them (compute_metrics) are repeated, interleaved; prints the
// minimum and median of each in microseconds, and a checksum of the parts (for comparing
// builds). Timed in-process, without reading the input, small changes show on a shared machine.
//   g++ -std=c++20 -O2 -I. bench/gde_stages.cpp build/formats/libpartformats.a \
//       build/libpart/libpart.a -lmetis -pthread -o gde_stages
//   ./gde_stages GRAPH START [COORDS] [REPEAT]
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "formats/graph_inputs.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/gde/refine.hpp"
#include "libpart/gde/workload_adjuster.hpp"
#include "libpart/refine/fragment_absorption.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double micros(Clock::time_point start) {
    return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

void print(const char* what, std::vector<double> times) {
    std::sort(times.begin(), times.end());
    std::printf("%-22s min %8.1f  median %8.1f us\n", what, times.front(), times[times.size() / 2]);
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: gde_stages GRAPH START [COORDS] [REPEAT]\n");
        return 2;
    }
    const std::string coords = argc > 3 ? argv[3] : "";
    const int repeat = argc > 4 ? std::stoi(argv[4]) : 200;
    auto [graph, partition] =
        part::formats::read_graph_and_partition(argv[1], coords, argv[2], 0, "");
    part::gde::RefineOptions options;
    options.polish = false;
    std::vector<double> absorb, balance, quotient, adjuster, report;
    std::uint64_t checksum = 0;
    for (int i = 0; i < repeat; ++i) {
        part::Partition copy = partition;
        auto start = Clock::now();
        part::refine::absorb_fragments(graph, copy);
        absorb.push_back(micros(start));
        start = Clock::now();
        std::vector<char> border;
        const part::Graph q = part::quotient_graph(graph, copy.part, copy.num_parts, &border);
        quotient.push_back(micros(start));
        start = Clock::now();
        const part::gde::WorkloadAdjuster adjust(graph, copy.part, copy.num_parts, false,
                                                 std::move(border));
        adjuster.push_back(micros(start));
        start = Clock::now();
        const part::PartitionMetrics before = part::compute_metrics(graph, partition);
        report.push_back(micros(start));
        checksum += std::uint64_t(before.total_components + before.edge_cut);
        start = Clock::now();
        const part::gde::RefineResult r =
            part::gde::refine_with_gde(graph, partition, nullptr, options);
        balance.push_back(micros(start));
        if (i == 0)
            for (std::size_t v = 0; v < r.part.size(); ++v)
                checksum = checksum * 1000003 + std::uint64_t(r.part[v]) + v;
    }
    print("absorb", absorb);
    print("quotient_graph", quotient);
    print("WorkloadAdjuster()", adjuster);
    print("absorb+balance", balance);
    print("compute_metrics", report);
    std::printf("checksum %016llx\n", (unsigned long long)checksum);
}
