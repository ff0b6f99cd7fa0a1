// Sweeps the GDE decision maker needs with lambda = 1/2 and lambda_opt (Xu, Lau & Diekmann
// 1997, Section 2.2) on meshes and tori, all load starting on processor 0. Built and run by
// bench/refine.sh against the libpart of a build folder.
#include <cstdio>

#include "libpart/gde/gde_driver.hpp"

int main() {
    using namespace part;
    using namespace part::gde;
    std::printf("%-12s %6s %12s %10s %12s %10s\n", "network", "delta", "sweeps(1/2)", "lambda_opt",
                "sweeps(opt)", "ratio");
    for (const Network& net : {make_mesh(16, 1), make_mesh(8, 8), make_mesh(32, 32),
                               make_torus(8, 8), make_torus(16, 16), make_hypercube(6)}) {
        std::vector<WeightSum> loads(std::size_t(net.num_processors()), 0);
        loads[0] = 1000 * WeightSum(net.num_processors());
        const EdgeColouring colouring = colour_edges(net);
        const GdeRun half = run_gde(net.graph, colouring, loads, {}, 0.5);
        const GdeRun opt =
            run_gde(net.graph, colouring, loads, {}, optimal_lambda(net.lambda_side()));
        std::printf("%-12s %6d %12d %10.4f %12d %10.2f\n", net.name.c_str(), half.delta,
                    half.sweeps, opt.lambda, opt.sweeps, double(half.sweeps) / opt.sweeps);
    }
}
