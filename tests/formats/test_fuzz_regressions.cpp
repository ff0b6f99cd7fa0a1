// Replays the fuzzers' regression inputs (tests/fuzz/regressions/): each must be read or be
// rejected with InputError by the reader its extension names, as the fuzz target reads it.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <map>

#include "formats/chaco_graph.hpp"
#include "formats/coordinates_file.hpp"
#include "formats/csv_table.hpp"
#include "formats/mesh_file.hpp"
#include "formats/partition_file.hpp"
#include "formats/permutation_file.hpp"
#include "formats/plan_file.hpp"
#include "formats/schedule_traces.hpp"
#include "tests/support/test_files.hpp"

namespace {

using namespace part;

// Runs `read`, taking InputError as the clean rejection it is.
template <typename Read> void read_or_reject(Read read) {
    try {
        read();
    } catch (const InputError&) {
    }
}

// A CSV file as the CSV target and the schedule traces' target read it.
void read_csv(const std::string& path) {
    read_or_reject([&] { formats::read_csv_table(path); });
    read_or_reject([&] { formats::read_csv_table(path, {.non_negative = true}); });
    read_or_reject([&] { formats::read_csv_table(path, {.header_optional = true}); });
    read_or_reject([&] { formats::read_step_costs(path, "1.5"); });
    read_or_reject([&] { formats::read_load_trace(path, "0"); });
    formats::read_work_trace(path);
}

// The reader of each extension, as the fuzz target of that format calls it.
const std::map<std::string, std::function<void(const std::string&)>> kReaders = {
    {".graph",
     [](const std::string& path) {
         validate(formats::parse_chaco_graph(test::read_text(path), path));
     }},
    {".part", [](const std::string& path) { formats::read_partition(path, -1, 0); }},
    {".targets", [](const std::string& path) { formats::read_targets(path, 0); }},
    {".xyz", [](const std::string& path) { formats::read_coordinates(path, -1); }},
    {".perm", [](const std::string& path) { formats::read_permutation(path, -1); }},
    {".mesh", formats::read_mesh},
    {".msh", formats::read_mesh},
    {".su2", formats::read_mesh},
    {".inp", formats::read_mesh},
    {".ugrid", formats::read_mesh},
    {".vtk", formats::read_mesh},
    {".vtu", formats::read_mesh},
    {".pvtu", formats::read_mesh},
    {".plan", [](const std::string& path) { formats::read_plan(path); }},
    {".csv", read_csv},
};

} // namespace

TEST(FuzzRegressions, EveryInputIsReadOrRejectedCleanly) {
    const auto folder = test::source_file("tests/fuzz/regressions");
    std::map<std::string, int> replayed;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
        if (!entry.is_regular_file()) continue;
        const std::string path = entry.path().string();
        const auto reader = kReaders.find(entry.path().extension().string());
        if (reader == kReaders.end()) {
            ADD_FAILURE() << path << ": no reader for this extension (see tests/fuzz/README.md)";
            continue;
        }
        try {
            reader->second(path);
        } catch (const InputError&) {
        } catch (const std::exception& e) {
            ADD_FAILURE() << path << ": unexpected exception " << e.what();
        }
        ++replayed[reader->first];
    }
    EXPECT_GT(replayed[".graph"], 0) << "no regression inputs in " << folder;
}
