// The public interface (api/include/part/part.hpp and part.h) against libpart's own functions:
// the same partitions and figures, and bad input refused with a message, never a crash.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "libpart/core/metrics.hpp"
#include "libpart/partition/partition_method.hpp"
#include "libpart/repart/repart_method.hpp"
#include "part/part.h"
#include "part/part.hpp"
#include "tests/support/grid_graph.hpp"
#include "tests/support/test_files.hpp"

namespace {

using part::Graph;

part::api::GraphView view_of(const Graph& g) {
    return {.xadj = g.xadj,
            .adjncy = g.adjncy,
            .ncon = g.num_constraints(),
            .vwgt = g.vwgt,
            .vsize = g.vsize,
            .adjwgt = g.adjwgt,
            .dim = g.coords.dim,
            .coords = g.coords.values};
}

part_graph c_graph_of(const Graph& g) {
    return {g.num_vertices(),
            g.xadj.data(),
            g.adjncy.data(),
            g.num_constraints(),
            g.vwgt.empty() ? nullptr : g.vwgt.data(),
            nullptr,
            nullptr,
            g.coords.dim,
            g.coords.values.data()};
}

// A 30 x 20 grid whose lower-left corner weighs 4: what a solver's hot spot looks like.
Graph hot_corner_grid() {
    Graph g = part::test::grid_graph(30, 20);
    g.ncon = 1;
    g.vwgt.assign(std::size_t(g.num_vertices()), 1);
    for (int y = 0; y < 6; ++y)
        for (int x = 0; x < 8; ++x) g.vwgt[std::size_t(x + 30 * y)] = 4;
    return g;
}

TEST(PublicApi, PartitionGivesLibpartsPartitionForEveryMethod) {
    const Graph g = part::test::grid_graph(30, 20);
    for (const std::string method : {"metis", "rcb", "hier"}) {
        part::PartitionOptions options;
        options.metis.ufactor = 30;
        const auto expected = part::partition_graph(g, method, 6, options).part;
        EXPECT_EQ(part::api::partition(view_of(g), 6, {.method = method}), expected) << method;
    }
}

TEST(PublicApi, MetricsAreLibpartsMetrics) {
    const Graph g = hot_corner_grid();
    const auto part = part::api::partition(view_of(g), 4);
    const auto expected = part::compute_metrics(g, {4, part, {}});
    const auto m = part::api::metrics(view_of(g), part, 4);
    EXPECT_EQ(m.edge_cut, expected.edge_cut);
    EXPECT_EQ(m.communication_volume, expected.communication_volume);
    EXPECT_DOUBLE_EQ(m.imbalance, expected.imbalance[0]);
    EXPECT_EQ(m.disconnected_parts, expected.disconnected_parts);
}

TEST(PublicApi, RepartitionBalancesTheNewLoadsAndCountsWhatMoves) {
    Graph g = hot_corner_grid();
    const Graph unit = part::test::grid_graph(30, 20);
    const auto old_part = part::api::partition(view_of(unit), 4);
    const auto result = part::api::repartition(view_of(g), old_part, 4, 4);
    ASSERT_EQ(result.part.size(), old_part.size());
    EXPECT_LE(part::api::metrics(view_of(g), result.part, 4).imbalance, 1.03 + 1e-9);
    std::int64_t moved = 0;
    for (std::size_t v = 0; v < old_part.size(); ++v)
        moved += result.rank_of_part[std::size_t(result.part[v])] != old_part[v];
    EXPECT_EQ(result.moved_size, moved);
    EXPECT_GT(moved, 0);
    EXPECT_LT(moved, std::int64_t(old_part.size()) / 2);
}

// The plan lists exactly the vertices whose rank changes, each once, in increasing id per
// message, and applying it to the old partition gives the new one.
TEST(PublicApi, RepartitionsPlanTakesTheOldPartitionToTheNewOne) {
    const Graph g = hot_corner_grid();
    const auto old_part = part::api::partition(view_of(part::test::grid_graph(30, 20)), 4);
    const auto result = part::api::repartition(view_of(g), old_part, 4, 3, {.method = "gde"});
    std::vector<int> listed(old_part.size(), 0);
    for (const auto& message : result.plan.messages) {
        EXPECT_TRUE(std::is_sorted(message.vertices.begin(), message.vertices.end()));
        for (auto v : message.vertices) {
            ++listed[std::size_t(v)];
            EXPECT_EQ(old_part[std::size_t(v)], message.source);
            EXPECT_EQ(result.part[std::size_t(v)], message.destination);
        }
    }
    for (std::size_t v = 0; v < old_part.size(); ++v)
        EXPECT_EQ(listed[v], result.rank_of_part[std::size_t(result.part[v])] != old_part[v]);
    EXPECT_EQ(part::api::apply_plan(result.plan, old_part), result.part);
    const auto remade = part::api::make_plan(old_part, 4, result.part, 3, result.rank_of_part);
    EXPECT_EQ(remade.messages.size(), result.plan.messages.size());
    EXPECT_EQ(remade.new_checksum, result.plan.new_checksum);
    auto other = old_part;
    other[0] = (other[0] + 1) % 4;
    EXPECT_THROW(part::api::apply_plan(result.plan, other), part::api::Error);
}

std::string partition_text(const std::vector<std::int32_t>& part) {
    std::string text;
    for (auto p : part) text += std::to_string(p) + "\n";
    return text;
}

// Plan files are part-plan's: the tool verifies what the interface writes, and the interface
// reads what the tool writes, to the same plan.
TEST(PublicApi, PlanFilesAreTheToolsPlanFiles) {
    part::test::ScratchDir dir;
    const Graph g = hot_corner_grid();
    const auto old_part = part::api::partition(view_of(part::test::grid_graph(30, 20)), 4);
    const auto result = part::api::repartition(view_of(g), old_part, 4, 4);
    const auto old_file = dir.write("old.part", partition_text(old_part));
    const auto new_file = dir.write("new.part", partition_text(result.part));
    part::api::write_plan(dir.file("api.plan"), result.plan);
    auto r = part::test::run_tool("part-plan", "verify " + dir.file("api.plan") + " " + old_file +
                                                   " " + new_file + " -q");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    r = part::test::run_tool("part-plan", "diff " + old_file + " " + new_file + " -q -o " +
                                              dir.file("tool.plan"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto read = part::api::read_plan(dir.file("tool.plan"));
    const auto expected = part::api::make_plan(old_part, 4, result.part, 4);
    EXPECT_EQ(read.new_checksum, expected.new_checksum);
    ASSERT_EQ(read.messages.size(), expected.messages.size());
    for (std::size_t m = 0; m < read.messages.size(); ++m)
        EXPECT_EQ(read.messages[m].vertices, expected.messages[m].vertices);
    dir.write("bad.plan", "%PARTPLAN 1\n{}\n");
    try {
        part::api::read_plan(dir.file("bad.plan"));
        ADD_FAILURE() << "a truncated plan was read";
    } catch (const part::api::Error& e) {
        EXPECT_NE(std::string(e.what()).find("bad.plan"), std::string::npos) << e.what();
    }
}

TEST(PublicApi, BadInputThrowsTheApisErrorNamingTheProblem) {
    Graph g = part::test::grid_graph(4, 4);
    auto expect_error = [](auto&& call, const std::string& words) {
        try {
            call();
            ADD_FAILURE() << "no error; expected one saying " << words;
        } catch (const part::api::Error& e) {
            EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
        }
    };
    expect_error([&] { part::api::partition(view_of(g), 6, {.method = "nonesuch"}); }, "nonesuch");
    expect_error([&] { part::api::partition(view_of(g), 17); }, "non-empty parts");
    const std::vector<std::int32_t> short_part(3, 0);
    expect_error([&] { part::api::metrics(view_of(g), short_part, 2); }, "");
    g.adjncy[0] = g.adjncy[0] == 1 ? 2 : 1; // vertex 1's first edge no longer comes back
    expect_error([&] { part::api::partition(view_of(g), 2); }, "vertex 1");
}

TEST(PublicCApi, GivesWhatTheCppInterfaceGives) {
    const Graph g = hot_corner_grid();
    const part_graph cg = c_graph_of(g);
    std::vector<std::int32_t> part(std::size_t(g.num_vertices()), -1);
    ASSERT_EQ(part_partition(&cg, 4, "rcb", 0.03, -1, part.data()), PART_OK) << part_last_error();
    EXPECT_EQ(part, part::api::partition(view_of(g), 4, {.method = "rcb"}));
    part_metrics m;
    ASSERT_EQ(part_compute_metrics(&cg, part.data(), 4, &m), PART_OK);
    EXPECT_EQ(m.edge_cut, part::api::metrics(view_of(g), part, 4).edge_cut);

    std::vector<std::int32_t> new_part(part.size()), ranks(4);
    std::int64_t moved = -1;
    ASSERT_EQ(part_repartition(&cg, part.data(), 4, 4, "gde", 0.03, 0.5, new_part.data(),
                               ranks.data(), &moved),
              PART_OK)
        << part_last_error();
    const auto expected = part::api::repartition(view_of(g), part, 4, 4, {.method = "gde"});
    EXPECT_EQ(new_part, expected.part);
    EXPECT_EQ(ranks, expected.rank_of_part);
    EXPECT_EQ(moved, expected.moved_size);
}

TEST(PublicCApi, ErrorsAreCodesWithAMessage) {
    const Graph g = part::test::grid_graph(4, 4);
    part_graph cg = c_graph_of(g);
    std::vector<std::int32_t> part(16);
    EXPECT_EQ(part_partition(nullptr, 2, nullptr, 0.03, -1, part.data()), PART_ERROR_INPUT);
    EXPECT_NE(std::string(part_last_error()).find("NULL"), std::string::npos);
    EXPECT_EQ(part_partition(&cg, 0, nullptr, 0.03, -1, part.data()), PART_ERROR_INPUT);
    EXPECT_STRNE(part_last_error(), "");
    EXPECT_EQ(part_partition(&cg, 2, nullptr, 0.03, -1, part.data()), PART_OK);
    EXPECT_STREQ(part_last_error(), "");
    cg.dim = 2;
    cg.coords = nullptr;
    EXPECT_EQ(part_partition(&cg, 2, "rcb", 0.03, -1, part.data()), PART_ERROR_INPUT);
}

} // namespace
