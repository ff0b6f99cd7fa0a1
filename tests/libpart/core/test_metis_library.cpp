// METIS loaded on first use (metis_library.hpp).
#include <gtest/gtest.h>

#include "libpart/core/metis_library.hpp"

namespace part {
namespace {

TEST(MetisLibrary, LoadsOnceWithEveryFunction) {
    const MetisLibrary& metis = metis_library();
    EXPECT_NE(metis.set_default_options, nullptr);
    EXPECT_NE(metis.part_graph_kway, nullptr);
    EXPECT_NE(metis.part_graph_recursive, nullptr);
    EXPECT_NE(metis.node_nd, nullptr);
    EXPECT_EQ(&metis_library(), &metis);
    // Its own defaults: -1 everywhere.
    idx_t options[METIS_NOPTIONS];
    for (idx_t& o : options) o = 7;
    metis.set_default_options(options);
    for (idx_t o : options) EXPECT_EQ(o, -1);
}

TEST(MetisLibrary, BisectsAPathIntoItsTwoHalves) {
    // 0 - 1 - 2 - 3: the only balanced cut of one edge is {0, 1} | {2, 3}.
    idx_t n = 4, ncon = 1, nparts = 2, objval = -1;
    idx_t xadj[] = {0, 1, 3, 5, 6}, adjncy[] = {1, 0, 2, 1, 3, 2}, part[4];
    ASSERT_EQ(metis_library().part_graph_recursive(&n, &ncon, xadj, adjncy, nullptr, nullptr,
                                                   nullptr, &nparts, nullptr, nullptr, nullptr,
                                                   &objval, part),
              METIS_OK);
    EXPECT_EQ(objval, 1);
    EXPECT_EQ(part[0], part[1]);
    EXPECT_EQ(part[2], part[3]);
    EXPECT_NE(part[1], part[2]);
}

} // namespace
} // namespace part
