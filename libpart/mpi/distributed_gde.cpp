#include "libpart/mpi/distributed_gde.hpp"

#include <string>

#include "libpart/core/error.hpp"

namespace part::mpi {

DistributedGdeResult run_distributed_gde(MPI_Comm comm, WeightSum load, double capacity,
                                         const std::vector<int>& neighbours,
                                         const RankColouring& colouring, double lambda,
                                         int max_sweeps) {
    int rank = 0, ranks = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &ranks);
    std::vector<gde::GdeLink> links;
    for (std::size_t i = 0; i < neighbours.size(); ++i)
        links.push_back({VertexId(neighbours[i]), colouring.colour[i]});
    const gde::GdeParameters parameters{lambda, colouring.num_colours, ranks};
    gde::GdeProcessor processor(VertexId(rank), load, capacity, std::move(links), parameters);
    constexpr int kTag = 7;
    for (int sweep = 1; !processor.finished(); ++sweep) {
        if (sweep > max_sweeps)
            throw Error("GDE did not terminate within " + std::to_string(max_sweeps) + " sweeps");
        for (int c = 0; c < colouring.num_colours; ++c) {
            const VertexId partner = processor.partner(c);
            if (partner < 0) continue;
            const gde::GdeMessage out = processor.message();
            gde::GdeMessage in;
            MPI_Sendrecv(&out, int(sizeof out), MPI_BYTE, partner, kTag, &in, int(sizeof in),
                         MPI_BYTE, partner, kTag, comm, MPI_STATUS_IGNORE);
            processor.exchange(c, in);
        }
        processor.end_sweep();
    }
    return {processor.load(), processor.flow_trace(), processor.sweeps()};
}

} // namespace part::mpi
