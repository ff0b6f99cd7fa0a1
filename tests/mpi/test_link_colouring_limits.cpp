// A processor network that needs more link colours than the colouring's 256 must fail on every
// rank with the same error (no rank left waiting in the next round's exchange, no read past
// the colour bits).
#include <gtest/gtest.h>

#include "libpart/mpi/collective_errors.hpp"
#include "libpart/mpi/rank_network.hpp"
#include "libpart/mpi/subdomain_view.hpp"

using namespace part;

TEST(LinkColouringLimits, CompleteNetworkOfThreeHundredFailsOnEveryRank) {
    // K_300 needs at least 299 colours in any proper edge colouring.
    constexpr PartId k = 300;
    mpi::ProcessorLinks links;
    links.processors = mpi::hosted_processors(MPI_COMM_WORLD, k);
    links.first.push_back(0);
    for (std::size_t i = 0; i < links.processors.size(); ++i) {
        for (PartId q = 0; q < k; ++q)
            if (q != links.processors[i]) {
                links.neighbour.push_back(q);
                links.border.push_back(1);
                links.owner.push_back(i);
            }
        links.first.push_back(links.neighbour.size());
    }
    mpi::LinkExchange exchange(MPI_COMM_WORLD, links);
    EXPECT_THROW(mpi::colour_links(MPI_COMM_WORLD, links, exchange), mpi::CollectiveError);
}
