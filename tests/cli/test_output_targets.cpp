// -o - (standard output), devices and FIFOs as outputs of the tools; multi-file outputs refuse
// them; a .pvtu written over another leaves no stale piece.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <set>

#include <nlohmann/json.hpp>

#include "formats/vtk_mesh.hpp"
#include "tests/support/naca0012.hpp"
#include "tests/support/test_files.hpp"

using namespace part;
using namespace part::test;
namespace fs = std::filesystem;

namespace {

bool is_character_device(const std::string& path) {
    struct stat s;
    return ::lstat(path.c_str(), &s) == 0 && S_ISCHR(s.st_mode);
}

} // namespace

// The same bytes on standard output as in the file, and only them: the report goes to stderr.
TEST(OutputTargets, DashWritesTheFileBytesToStandardOutput) {
    ScratchDir dir;
    const std::string file = dir.file("p.part");
    auto r = run_tool("part-partition", kNacaGraph + " -k 4 --method rcb --coords " +
                                            source_file("data/naca0012.xyz") + " -o " + file);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Wrote"), std::string::npos); // the report, on stdout as before
    auto dash = run_tool("part-partition", kNacaGraph + " -k 4 --method rcb --coords " +
                                               source_file("data/naca0012.xyz") + " -o -");
    ASSERT_EQ(dash.exit_code, 0) << dash.err;
    EXPECT_EQ(dash.out, read_text(file));
    EXPECT_NE(dash.err.find("Wrote -"), std::string::npos) << "the report, on stderr";
    EXPECT_FALSE(file_exists("-"));

    auto json = run_tool("part-partition", kNacaGraph + " -k 4 --method rcb --coords " +
                                               source_file("data/naca0012.xyz") + " -o - --json");
    ASSERT_EQ(json.exit_code, 0) << json.err;
    EXPECT_EQ(json.out, read_text(file));
    EXPECT_EQ(nlohmann::json::parse(json.err)["output"], "-");
}

TEST(OutputTargets, OtherToolsWriteTheSameBytesToStandardOutput) {
    ScratchDir dir;
    const std::string part = dir.file("g.part.4");
    ASSERT_EQ(run_tool("part-partition", kNacaGraph + " -k 4 -q -o " + part).exit_code, 0);
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"part-order", kNacaGraph + " --method rcm"},
        {"part-refine", kNacaGraph + " " + part},
        {"part-stats", kNacaGraph + " " + part + " --json"},
        {"part-convert", kNacaMesh + " --partition " + part},
    };
    for (const auto& [name, args] : cases) {
        const std::string file = dir.file(name + (name == "part-convert" ? ".vtu" : ".out"));
        auto r = run_tool(name, args + " -o " + file);
        ASSERT_EQ(r.exit_code, 0) << name << ": " << r.err;
        auto dash = run_tool(name, args + " -o -");
        ASSERT_EQ(dash.exit_code, 0) << name << ": " << dash.err;
        EXPECT_EQ(dash.out, read_text(file)) << name;
    }
}

TEST(OutputTargets, SerialRepartWritesThePlanToStandardOutput) {
    ScratchDir dir;
    const std::string part = dir.file("g.part.4");
    ASSERT_EQ(run_tool("part-partition", kNacaGraph + " -k 4 -q -o " + part).exit_code, 0);
    const std::string args =
        kNacaGraph + " " + part + " -k 3 --method scratch -o " + dir.file("new.part") + " --plan ";
    auto r = run_tool("part-repart", args + dir.file("move.plan"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto dash = run_tool("part-repart", args + "-");
    ASSERT_EQ(dash.exit_code, 0) << dash.err;
    EXPECT_EQ(dash.out, read_text(dir.file("move.plan")));
    auto both = run_tool("part-repart", kNacaGraph + " " + part + " -k 3 -o - --plan /dev/stdout");
    EXPECT_EQ(both.exit_code, 2) << both.err;
}

// Tests run as root: a rename over /dev/null would replace the device for the whole machine.
TEST(OutputTargets, DevNullStaysACharacterDevice) {
    ASSERT_TRUE(is_character_device("/dev/null"));
    auto r = run_tool("part-partition", kNacaGraph + " -k 4 -q -o /dev/null");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    r = run_tool("part-convert", kNacaMesh + " --partition " + source_file("data/naca0012.graph") +
                                     " -q -o /dev/null");
    EXPECT_NE(r.exit_code, 0); // the graph is no partition of the mesh: nothing written
    EXPECT_TRUE(is_character_device("/dev/null"));
    for (const auto& entry : fs::directory_iterator("/dev"))
        EXPECT_FALSE(entry.path().filename().string().starts_with("null.")) << entry.path();
}

TEST(OutputTargets, FifoReadByABackgroundReader) {
    ScratchDir dir;
    const std::string fifo = dir.file("pipe"), got = dir.file("got"), file = dir.file("p.part");
    ASSERT_EQ(run_tool("part-partition", kNacaGraph + " -k 4 -q -o " + file).exit_code, 0);
    auto r = run_command("{ mkfifo " + fifo + " && (cat " + fifo + " > " + got + " &) && " +
                         tool("part-partition") + " " + kNacaGraph + " -k 4 -q -o " + fifo + "; }");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // cat ends when the writer closes; wait for its file to be complete.
    for (int i = 0; i < 100 && read_text(got) != read_text(file); ++i) run_command("sleep 0.05");
    EXPECT_EQ(read_text(got), read_text(file));
    struct stat s;
    ASSERT_EQ(::lstat(fifo.c_str(), &s), 0);
    EXPECT_TRUE(S_ISFIFO(s.st_mode));
}

TEST(OutputTargets, MultiFileOutputsRefuseStandardOutputAndDevices) {
    ScratchDir dir;
    const std::string part = dir.file("g.part.4");
    ASSERT_EQ(run_tool("part-partition", kNacaGraph + " -k 4 -q -o " + part).exit_code, 0);
    for (const std::string& target : {std::string("-"), std::string("/dev/null")}) {
        auto r =
            run_tool("part-convert", kNacaMesh + " --partition " + part + " --split -o " + target);
        EXPECT_EQ(r.exit_code, 2) << r.err;
        EXPECT_NE(r.err.find("several files"), std::string::npos) << r.err;
        r = run_tool("part-convert", kNacaMesh + " -o " + target); // a graph and its coordinates
        EXPECT_EQ(r.exit_code, 2) << r.err;
        r = run_tool("part-plan", "apply " + dir.file("p.plan") + " --dataset " +
                                      dir.file("old.pvtu") + " -o " + target);
        EXPECT_EQ(r.exit_code, 2) << r.err;
        EXPECT_NE(r.err.find("several files"), std::string::npos) << r.err;
    }
    EXPECT_FALSE(file_exists("-.pvtu"));
    EXPECT_FALSE(file_exists("/dev/null.pvtu"));
    EXPECT_TRUE(is_character_device("/dev/null"));
}

// part-convert --split over an existing dataset with more pieces: the folder holds the new
// .pvtu and exactly the pieces it names.
TEST(OutputTargets, SplitOverALargerDatasetLeavesNoStalePiece) {
    ScratchDir dir;
    const std::string out = dir.file("data/new.pvtu");
    fs::create_directory(dir.file("data"));
    for (const std::string k : {"4", "3"}) {
        const std::string part = dir.file("p" + k);
        ASSERT_EQ(run_tool("part-partition", kNacaGraph + " -k " + k + " -q -o " + part).exit_code,
                  0);
        auto r =
            run_tool("part-convert", kNacaMesh + " --partition " + part + " --split -q -o " + out);
        ASSERT_EQ(r.exit_code, 0) << r.err;
    }
    std::set<std::string> named, on_disk;
    for (const auto& piece : formats::list_pvtu_pieces(out))
        named.insert(fs::path(piece.path).filename().string());
    for (const auto& entry : fs::directory_iterator(dir.file("data")))
        if (entry.path().extension() == ".vtu") on_disk.insert(entry.path().filename().string());
    EXPECT_EQ(named.size(), 3u);
    EXPECT_EQ(on_disk, named);
}

// The CSV or the picture on standard output (SVG: no extension to pick the format by), the
// summary on stderr; not both at once.
TEST(OutputTargets, SimulateWritesItsCsvOrPlotToStandardOutput) {
    ScratchDir dir;
    const std::string args = kNacaGraph + " --coords " + source_file("data/naca0012.xyz") +
                             " -k 4 --workload hotspot --steps 4 --method scratch ";
    auto r = run_tool("part-simulate",
                      args + "-o " + dir.file("sim.csv") + " --plot " + dir.file("sim.svg"));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto csv = run_tool("part-simulate", args + "-o -");
    ASSERT_EQ(csv.exit_code, 0) << csv.err;
    EXPECT_EQ(csv.out, read_text(dir.file("sim.csv")));
    EXPECT_NE(csv.err.find("saving vs never"), std::string::npos) << csv.err;
    auto plot = run_tool("part-simulate", args + "--plot -");
    ASSERT_EQ(plot.exit_code, 0) << plot.err;
    EXPECT_EQ(plot.out, read_text(dir.file("sim.svg")));
    EXPECT_EQ(run_tool("part-simulate", args + "-o - --plot -").exit_code, 2);
}

// An output folder that cannot take the file is reported before any work: here before the
// partition, which is bad too, is read (the partition's error came first when the output was
// only opened at the end).
TEST(OutputTargets, AnUnusableOutputFolderIsReportedBeforeTheWork) {
    ScratchDir dir;
    const std::string bad_partition = dir.write("bad.part", "0\nx\n");
    const std::string output = dir.file("missing/report.txt");
    for (const std::string& command :
         {tool("part-stats") + " " + source_file("data/naca0012.graph") + " " + bad_partition +
              " -o " + output,
          tool("part-refine") + " " + source_file("data/naca0012.graph") + " " + bad_partition +
              " -o " + output}) {
        auto r = run_command(command);
        EXPECT_EQ(r.exit_code, 1) << r.err;
        EXPECT_NE(r.err.find("error: " + output + ": cannot create the output in its folder"),
                  std::string::npos)
            << command << "\n"
            << r.err;
    }
}

// A write that fails (/dev/full: no space left) names the output the user gave, never a
// temporary (PartRepartMpi.AFailedWriteNamesTheOutputNotItsStagingFile does so under mpiexec).
TEST(OutputTargets, AFailedWriteNamesTheOutputNotItsTemporary) {
    auto r = run_command(tool("part-partition") + " " + source_file("data/naca0012.graph") +
                         " -k 4 -o /dev/full");
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("error: /dev/full: write failed"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("tmp-"), std::string::npos) << r.err;
}
