// The files of a serial repartitioning: the request's targets and line, read against the
// graph; the partition and plan written together.
#include <gtest/gtest.h>

#include "formats/partition_file.hpp"
#include "formats/plan_file.hpp"
#include "formats/repart_files.hpp"
#include "libpart/core/error.hpp"
#include "libpart/core/graph_builder.hpp"
#include "libpart/order/order_method.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;

namespace {

Graph path4() {
    return graph_from_edges(4, {{0, 1}, {1, 2}, {2, 3}});
}

RepartRequest parts(PartId k) {
    RepartRequest request;
    request.new_parts = k;
    return request;
}

} // namespace

TEST(RepartFiles, ReadsTargetsAndTheOrdering) {
    ScratchDir dir;
    RepartRequest request = parts(2);
    formats::read_repart_request_files(request, path4(), dir.write("t", "1\n3\n"),
                                       dir.write("o", "3\n2\n1\n0\n"));
    EXPECT_EQ(request.targets.size(), 2u);
    EXPECT_EQ(request.position, (std::vector<VertexId>{3, 2, 1, 0}));
}

TEST(RepartFiles, WithoutOrderingTheLineIsTheHilbertOrderOfTheCoordinates) {
    Graph graph = path4();
    RepartRequest request = parts(2);
    formats::read_repart_request_files(request, graph, "", "");
    EXPECT_TRUE(request.position.empty()); // no coordinates: the numbering
    EXPECT_TRUE(request.targets.empty());
    graph.coords.dim = 2;
    graph.coords.values = {0, 0, 3, 3, 1, 0, 0, 3};
    formats::read_repart_request_files(request, graph, "", "");
    EXPECT_EQ(request.position.size(), 4u);
    EXPECT_EQ(request.position, compute_order(graph, "hilbert", OrderOptions{}));
}

TEST(RepartFiles, BadFilesNameThemselves) {
    ScratchDir dir;
    RepartRequest request = parts(2);
    const std::string targets = dir.write("three.targets", "1\n1\n1\n");
    try {
        formats::read_repart_request_files(request, path4(), targets, "");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), targets);
    }
    const std::string order = dir.write("short.order", "0\n1\n");
    try {
        formats::read_repart_request_files(request, path4(), "", order);
        FAIL();
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), order);
    }
}

TEST(RepartFiles, WritesThePartitionAndThePlan) {
    ScratchDir dir;
    const Partition old_p{2, {0, 0, 1, 1}, {}};
    const Partition new_p{2, {0, 1, 1, 1}, {}};
    const MigrationPlan plan = diff(old_p, new_p, identity_ranks(2));
    formats::write_repart_outputs(dir.file("new.part"), dir.file("move.plan"), new_p, plan);
    EXPECT_EQ(read_text(dir.file("new.part")), "0\n1\n1\n1\n");
    EXPECT_EQ(read_text(dir.file("move.plan")), formats::format_plan(plan));
}

TEST(RepartFiles, NeitherOutputAppearsWhenOneCannotBeWritten) {
    ScratchDir dir;
    const Partition p{1, {0, 0}, {}};
    const MigrationPlan plan = diff(p, p, identity_ranks(1));
    EXPECT_THROW(
        formats::write_repart_outputs(dir.file("new.part"), dir.file("no/such/move.plan"), p, plan),
        InputError);
    EXPECT_FALSE(file_exists(dir.file("new.part")));
}
