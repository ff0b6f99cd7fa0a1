#include "tools/common/cli.hpp"

#include <filesystem>
#include <iostream>
#include <malloc.h>
#include <new>
#include <stdexcept>
#include <unistd.h>

#include "formats/atomic_output.hpp"
#include "libpart/core/error.hpp"

namespace part::tools {

namespace {

// The multilevel phases allocate and free graph-sized arrays level after level. glibc serves
// each block above its mmap threshold with fresh pages from the kernel and gives them back on
// free, so every level pays the page faults again (they cost most on virtual machines). With
// large blocks kept in the heap, and the heap not trimmed, a level reuses the pages the one
// before it freed.
void keep_large_arrays_in_heap() {
    mallopt(M_MMAP_THRESHOLD, 32 << 20); // the largest glibc accepts
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
}

} // namespace

void add_example(CLI::App& app, const std::string& example) {
    app.footer("Example:\n  " + example +
               "\n\nExit codes: 0 success, 1 input or runtime error, 2 usage error.");
    app.get_formatter()->column_width(28);
}

void add_common_options(CLI::App& app, CommonOptions& options, SharedOptions shared) {
    app.add_option("-o,--output", options.output,
                   "Output file; '-' writes it to standard output (and any report to stderr)");
    app.add_flag("-q,--quiet", options.quiet,
                 "No progress and no report (--json still prints its report)");
    app.add_flag("-v,--verbose", options.verbose, "More detail in the report");
    if (shared.seed)
        app.add_option("--seed", options.seed,
                       "Random seed; the same inputs and seed give the same output")
            ->capture_default_str();
    app.add_flag("--json", options.json, "Print the report as JSON");
}

int run_tool(CLI::App& app, int argc, char** argv, const std::function<void()>& body) {
    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kUsageError;
    }
    keep_large_arrays_in_heap();
    try {
        body();
        return kOk;
    } catch (const UsageError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kUsageError;
    } catch (const std::bad_alloc&) {
        std::cerr << "error: out of memory\n";
    } catch (const std::length_error&) { // a size beyond any allocation: no library text
        std::cerr << "error: out of memory\n";
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
    }
    return kInputError;
}

void ensure_parts_fit(long long parts, long long vertices, const std::string& option) {
    if (parts > vertices)
        throw UsageError(option + " " + std::to_string(parts) + " exceeds the graph's " +
                         std::to_string(vertices) +
                         " vertices: expected at most one part per vertex");
}

void ensure_output_usable(const std::string& output, const std::vector<std::string>& inputs) {
    namespace fs = std::filesystem;
    std::error_code ec;
    for (const auto& input : inputs)
        if (!input.empty() && fs::exists(output, ec) && fs::equivalent(output, input, ec))
            throw UsageError("refusing to write " + output + ": it is an input of this command");
    // A folder that cannot take the output is reported now, not after the work: a temporary
    // made and removed beside it (standard output, devices and FIFOs are written as they are).
    if (!output.empty() && !formats::writes_directly(output)) formats::PendingFile probe(output);
}

std::ostream& report_stream(const CommonOptions& common, const std::vector<std::string>& outputs) {
    static std::ostream discarded(nullptr); // no buffer: every write is dropped
    if (!reports(common)) return discarded;
    for (const auto& output : outputs)
        if (formats::is_standard_output(output)) return std::cerr;
    return std::cout;
}

void ensure_file_output(const std::string& output, const std::string& option,
                        const std::string& files) {
    bool direct = false;
    try {
        direct = formats::writes_directly(output);
    } catch (const InputError&) {
        throw UsageError(option + " " + output + " is a folder: name the file to write");
    }
    if (direct)
        throw UsageError(option + " " + output + ": the output is " + files +
                         ", so it cannot go to standard output, a device or a pipe; name a file");
}

void ensure_one_standard_output(const std::vector<std::string>& outputs) {
    int count = 0;
    for (const auto& output : outputs) count += formats::is_standard_output(output);
    if (count > 1) throw UsageError("only one output can go to standard output ('-')");
}

Progress::Progress(bool quiet) : enabled_(!quiet && ::isatty(STDERR_FILENO)) {}

void Progress::stage(const std::string& what) const {
    if (enabled_) std::cerr << "[part] " << what << "\n";
}

} // namespace part::tools
