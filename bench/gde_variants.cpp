// One gde repartitioning (part-repart's defaults within a tolerance: libpart/repart/
// gde_repart.cpp) with one setting changed, for bench/repart_gde_variants.sh: measures a
// change on its own before it goes into the method. Prints moved vertices (weight-4 and
// weight-1 apart), imbalance, cut and rounds.
// Usage: gde_variants GRAPH OLD.part K [lambda=L] [migration_cost=W] [polish=0|1]
//                     [shortcut=0|1] [optimal_lambda=0|1] [nearest_room=0|1]
#include <cstdio>
#include <cstdlib>
#include <string>

#include "formats/chaco_graph.hpp"
#include "formats/partition_file.hpp"
#include "libpart/core/metrics.hpp"
#include "libpart/gde/refine.hpp"

int main(int argc, char** argv) {
    using namespace part;
    if (argc < 4) {
        std::fprintf(stderr, "usage: gde_variants GRAPH OLD.part K [name=value ...]\n");
        return 2;
    }
    const Graph graph = formats::read_chaco_graph(argv[1]);
    const Partition old =
        formats::read_partition(argv[2], graph.num_vertices(), std::atoi(argv[3]));
    // as gde_repartition sets them with a tolerance
    gde::RefineOptions options = gde::options_for(gde::RefineGoal::Migration);
    options.absorb_fragments = false;
    options.multilevel_polish = false;
    options.tolerance = 0.03;
    for (int a = 4; a < argc; ++a) {
        const std::string arg = argv[a];
        const auto eq = arg.find('=');
        const std::string name = arg.substr(0, eq);
        const double value = std::atof(arg.c_str() + eq + 1);
        if (name == "lambda")
            options.lambda = value;
        else if (name == "migration_cost")
            options.migration_cost = value;
        else if (name == "polish")
            options.polish = value != 0;
        else if (name == "shortcut")
            options.shortcut_transit = value != 0;
        else if (name == "optimal_lambda")
            options.optimal_lambda = value != 0;
        else if (name == "nearest_room")
            options.nearest_room = value != 0;
        else {
            std::fprintf(stderr, "unknown setting %s\n", name.c_str());
            return 2;
        }
    }
    const gde::RefineResult result = gde::refine_with_gde(graph, old, nullptr, options);
    VertexId heavy = 0, light = 0;
    for (VertexId v = 0; v < graph.num_vertices(); ++v)
        if (result.part[v] != old.part[v]) ++(graph.vertex_weight(v) > 1 ? heavy : light);
    const Partition refined{old.num_parts, result.part, {}};
    std::printf("moved %lld heavy %lld light %lld imbalance %.4f cut %lld rounds %zu\n",
                (long long)result.vertices_moved, (long long)heavy, (long long)light,
                imbalance(graph, refined)[0], (long long)edge_cut(graph, refined.part),
                result.rounds.size());
}
