#pragma once
// Helpers for tests: scratch folders, small files, and running the built tools.
#include <string>
#include <vector>

namespace part::test {

// A fresh empty folder for one test, removed at destruction.
class ScratchDir {
  public:
    ScratchDir();
    ~ScratchDir();
    const std::string& path() const { return path_; }
    // Writes `contents` to path()/name and returns the full path.
    std::string write(const std::string& name, const std::string& contents) const;
    std::string file(const std::string& name) const { return path_ + "/" + name; }

  private:
    std::string path_;
};

std::string read_text(const std::string& path);
bool file_exists(const std::string& path);
// The names of the files in `dir`, sorted.
std::vector<std::string> entries_of(const ScratchDir& dir);

struct CommandResult {
    int exit_code = -1;
    std::string out; // stdout
    std::string err; // stderr
};

// Runs a shell command line, capturing stdout and stderr.
CommandResult run_command(const std::string& command_line);

// Whether `program` is on the PATH (e.g. gmsh, which some tests need to make their input).
bool have_program(const std::string& program);

// Full path of a built tool, e.g. tool("part-stats").
std::string tool(const std::string& name);
// Runs a built tool with `args` (a command line's rest), e.g. run_tool("part-stats", "g p").
CommandResult run_tool(const std::string& name, const std::string& args);
// The start of a command line running on `ranks` MPI ranks, e.g. mpiexec_prefix(3) + tool("x"):
// oversubscribed (more ranks than cores) and allowed as root (CI runs as root).
std::string mpiexec_prefix(int ranks);
// Path of a file in the source tree, e.g. source_file("data/naca0012.graph").
std::string source_file(const std::string& relative);

// Path of a test input under tests/data, e.g. test_data("mixed3d.exo").
std::string test_data(const std::string& name);

// A graph of METIS's examples (package libmetis-doc), e.g. metis_example_graph("4elt").
std::string metis_example_graph(const std::string& name);

// Why a comparison with gpmetis on `graph_source` cannot run (gpmetis or the file missing),
// or "" when it can; tests GTEST_SKIP with the reason.
std::string missing_gpmetis_input(const std::string& graph_source);

// Copies `source` into `dir` under its own name (gpmetis writes beside its input).
std::string copy_into(const ScratchDir& dir, const std::string& source);

} // namespace part::test
