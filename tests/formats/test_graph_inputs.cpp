// read_graph_and_partition must return what the sequential reads return and, when files are
// bad, throw the error they would meet first.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "formats/coordinates_file.hpp"
#include "formats/graph_inputs.hpp"
#include "libpart/core/error.hpp"
#include "tests/support/test_files.hpp"

using namespace part;

namespace {

// A path of four vertices.
const std::string kGraph = "4 3\n2\n1 3\n2 4\n3\n";
const std::string kCoords = "0 0\n1 0\n2 0\n3 0\n";
const std::string kPartition = "0\n0\n1\n1\n";

// The message of the InputError `read` throws, or "" when it throws none.
std::string read_error(const std::function<void()>& read) {
    try {
        read();
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

struct Files {
    std::string graph, coords, partition, targets;
};

// The error of the sequential reads and that of read_graph_and_partition.
std::pair<std::string, std::string> errors_of(const Files& f) {
    const std::string sequential = read_error([&] {
        const Graph graph = formats::read_graph_with_coordinates(f.graph, f.coords);
        formats::read_partition_with_targets(f.partition, graph.num_vertices(), 0, f.targets);
    });
    const std::string together = read_error(
        [&] { formats::read_graph_and_partition(f.graph, f.coords, f.partition, 0, f.targets); });
    return {sequential, together};
}

} // namespace

TEST(GraphInputs, ReadTogetherAsInSequence) {
    test::ScratchDir dir;
    const auto [graph, partition] = formats::read_graph_and_partition(
        dir.write("g.graph", kGraph), dir.write("g.xyz", kCoords),
        dir.write("g.part.3", kPartition), 0, dir.write("t", "1\n1\n2\n"));
    EXPECT_EQ(graph.num_vertices(), 4);
    EXPECT_EQ(graph.adjncy, (std::vector<VertexId>{1, 0, 2, 1, 3, 2}));
    EXPECT_EQ(graph.coords.dim, 2);
    EXPECT_EQ(graph.coords.values, (std::vector<double>{0, 0, 1, 0, 2, 0, 3, 0}));
    EXPECT_EQ(partition.part, (std::vector<PartId>{0, 0, 1, 1}));
    EXPECT_EQ(partition.num_parts, 3); // from the name
    EXPECT_EQ(partition.targets, (std::vector<double>{0.25, 0.25, 0.5}));
}

TEST(GraphInputs, TheFirstBadFileInReadingOrderIsReported) {
    test::ScratchDir dir;
    const Files good{dir.write("g.graph", kGraph), dir.write("g.xyz", kCoords),
                     dir.write("g.part", kPartition), ""};
    const std::string bad_header = dir.write("header.graph", "4 x\n");
    const std::string bad_body = dir.write("body.graph", "4 3\n2\n1 3\n2 4\n9\n");
    const std::string missing = dir.file("missing");
    const std::string short_coords = dir.write("short.xyz", "0 0\n1 0\n");
    const std::string bad_coords = dir.write("bad.xyz", "0 0\n1 x\n2 0\n3 0\n");
    const std::string long_partition = dir.write("long.part", "0\n0\n1\n1\n1\n");
    const std::string bad_partition = dir.write("bad.part", "0\n-1\n1\n1\n");
    const std::string bad_targets = dir.write("t", "1\n");
    const std::vector<Files> cases = {
        {bad_header, bad_coords, bad_partition, ""},
        {bad_body, bad_coords, bad_partition, ""},
        {missing, bad_coords, bad_partition, ""},
        {bad_body, good.coords, good.partition, ""},
        {good.graph, short_coords, bad_partition, ""},
        {good.graph, bad_coords, long_partition, ""},
        {good.graph, missing, bad_partition, ""},
        {good.graph, good.coords, bad_partition, bad_targets},
        {good.graph, good.coords, missing, ""},
        {good.graph, "", long_partition, ""},
        {good.graph, good.coords, good.partition, bad_targets},
        {good.graph, bad_coords, good.partition, bad_targets},
    };
    for (const Files& f : cases) {
        const auto [sequential, together] = errors_of(f);
        EXPECT_NE(sequential, "") << f.graph << " " << f.coords << " " << f.partition;
        EXPECT_EQ(together, sequential);
    }
}

TEST(GraphInputs, CoordinatesReadBesideTheGraphFailAsReadAfterIt) {
    // The coordinates are read while the graph is, before its vertex count is known: every
    // outcome must be that of reading them afterwards with the count.
    test::ScratchDir dir;
    const std::string graph = dir.write("g.graph", kGraph);
    const std::vector<std::string> coords = {
        dir.write("long.xyz", "0 0\n1 0\n2 0\n3 0\n4 0\n"),
        dir.write("long-then-bad.xyz", "0 0\n1 0\n2 0\n3 0\n4 0\n5 x\n"),
        dir.write("short.xyz", "0 0\n1 0\n"),
        dir.write("empty.xyz", ""),
        dir.write("ragged.xyz", "0 0\n1\n2 0\n3 0\n"),
        dir.write("good.xyz", kCoords),
    };
    for (const std::string& path : coords) {
        const std::string after = read_error([&] { formats::read_coordinates(path, 4); });
        const std::string beside =
            read_error([&] { formats::read_graph_with_coordinates(graph, path); });
        EXPECT_EQ(beside, after) << path;
    }
    EXPECT_EQ(formats::read_graph_with_coordinates(graph, coords.back()).coords.values,
              (std::vector<double>{0, 0, 1, 0, 2, 0, 3, 0}));
}
