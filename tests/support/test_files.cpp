#include "tests/support/test_files.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace part::test {

namespace fs = std::filesystem;

ScratchDir::ScratchDir() {
    static std::atomic<int> counter{0};
    fs::create_directories(PART_TEST_TMP);
    path_ = std::string(PART_TEST_TMP) + "/t" + std::to_string(::getpid()) + "_" +
            std::to_string(counter++);
    fs::remove_all(path_);
    fs::create_directories(path_);
}

ScratchDir::~ScratchDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
}

std::string ScratchDir::write(const std::string& name, const std::string& contents) const {
    const std::string full = file(name);
    std::ofstream(full, std::ios::binary) << contents;
    return full;
}

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

bool file_exists(const std::string& path) {
    return fs::exists(path);
}

std::vector<std::string> entries_of(const ScratchDir& dir) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir.path()))
        names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

CommandResult run_command(const std::string& command_line) {
    ScratchDir capture;
    const std::string out = capture.file("stdout"), err = capture.file("stderr");
    const std::string full = command_line + " >" + out + " 2>" + err + " </dev/null";
    const int status = std::system(full.c_str());
    CommandResult result;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    result.out = read_text(out);
    result.err = read_text(err);
    return result;
}

std::string tool(const std::string& name) {
    return std::string(PART_TOOLS_DIR) + "/" + name;
}

CommandResult run_tool(const std::string& name, const std::string& args) {
    return run_command(tool(name) + " " + args);
}

std::string mpiexec_prefix(int ranks) {
    // Each mpiexec gets an Open MPI session directory of its own, and its processes no leak
    // checks in the sanitizer build (tests/support/own_mpi_session.sh says why).
    return "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 bash " +
           source_file("tests/support/own_mpi_session.sh") + " mpiexec --oversubscribe -n " +
           std::to_string(ranks) + " ";
}

std::string source_file(const std::string& relative) {
    return std::string(PART_SOURCE_DIR) + "/" + relative;
}

std::string test_data(const std::string& name) {
    return source_file("tests/data/" + name);
}

bool have_program(const std::string& program) {
    return run_command("command -v " + program).exit_code == 0;
}

std::string metis_example_graph(const std::string& name) {
    return "/usr/share/doc/libmetis-dev/examples/graphs/" + name +
           (name.find('.') == std::string::npos ? ".graph" : "");
}

std::string missing_gpmetis_input(const std::string& graph_source) {
    if (!have_program("gpmetis")) return "gpmetis not installed (package metis)";
    if (!file_exists(graph_source)) return graph_source + " absent (package libmetis-doc)";
    return "";
}

std::string copy_into(const ScratchDir& dir, const std::string& source) {
    const std::string copy = dir.file(fs::path(source).filename());
    fs::copy_file(source, copy);
    return copy;
}

} // namespace part::test
