#pragma once
// What every tool shares: the common options, the main wrapper that turns exceptions into
// the documented exit codes, output safety checks and progress on a terminal.
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "libpart/core/error.hpp"

namespace part::tools {

enum ExitCode { kOk = 0, kInputError = 1, kUsageError = 2 };

// A mistake in how the tool was called, found after option parsing (exit code 2).
class UsageError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Runs `check` and returns what it returns; its InvalidArgument, a bad option value found by
// the library, becomes a UsageError (exit code 2) saying `prefix` and the library's message.
template <typename Check> auto as_usage_error(Check check, const std::string& prefix = {}) {
    try {
        return check();
    } catch (const InvalidArgument& e) {
        throw UsageError(prefix + e.what());
    }
}

struct CommonOptions {
    std::string output;
    bool quiet = false;
    bool verbose = false;
    bool json = false;
    int seed = -1; // -1: the method's default, as in METIS
};

// Adds the worked example and the exit codes to --help.
void add_example(CLI::App& app, const std::string& example);

// Which of the shared options a tool takes beyond -o, -q, -v and --json (every tool reports
// figures): --seed only where something it does is random.
struct SharedOptions {
    bool seed = false;
};

// Adds -o/--output, -q/--quiet, -v/--verbose, --json and the options `shared` asks for.
void add_common_options(CLI::App& app, CommonOptions& options, SharedOptions shared);

// Parses the command line and runs `body`. Maps CLI11 errors and UsageError to 2, any other
// failure to 1 with "error: <what>" on stderr. Returns the exit code.
int run_tool(CLI::App& app, int argc, char** argv, const std::function<void()>& body);

// Refuses more parts than the graph has vertices, "-k K exceeds the graph's N vertices" (throws
// UsageError): every tool, before any per-part array is sized. `option` names the count.
void ensure_parts_fit(long long parts, long long vertices, const std::string& option = "-k");

// Before any work: refuses an output path that names one of the inputs (throws UsageError) or
// whose folder cannot take a new file (throws InputError naming the output).
void ensure_output_usable(const std::string& output, const std::vector<std::string>& inputs);

// Where a tool prints its report (table, JSON, "Wrote ..."): standard error when one of
// `outputs` is standard output ("-", /dev/stdout), so that the output's bytes are all that
// reaches standard output; standard output otherwise. With -q and no --json, a stream that
// discards everything: -q silences every tool, while --json is a report asked for by name.
std::ostream& report_stream(const CommonOptions& common, const std::vector<std::string>& outputs);

// Whether the report is printed at all (not silenced by -q): its figures are worked out only then.
inline bool reports(const CommonOptions& common) {
    return !common.quiet || common.json;
}

// Refuses standard output ("-"), a device or a FIFO for an output of several files, such as
// a .pvtu dataset (throws UsageError naming `option` and saying what `files` there are); a
// folder is refused too.
void ensure_file_output(const std::string& output, const std::string& option,
                        const std::string& files);

// What ensure_file_output says of a .pvtu output.
inline constexpr const char* kPvtuFiles =
    "a .pvtu dataset, several files (the .pvtu and one .vtu per piece)";

// Refuses two outputs that both name standard output (throws UsageError).
void ensure_one_standard_output(const std::vector<std::string>& outputs);

// Progress lines on stderr, shown only when stderr is a terminal and not --quiet.
class Progress {
  public:
    explicit Progress(bool quiet);
    void stage(const std::string& what) const;

  private:
    bool enabled_;
};

} // namespace part::tools
