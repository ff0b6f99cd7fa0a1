// libFuzzer target for the Chaco/METIS graph parser: any input must either parse into a
// valid graph or be rejected with InputError, and the fast scan must agree with the
// line-by-line reader (same graph or same message); anything else (crash, other exception,
// disagreement, sanitizer report) is a bug. Build with -DPART_BUILD_FUZZERS=ON and clang; see
// tests/fuzz/README.md.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "formats/chaco_graph.hpp"
#include "formats/chaco_graph_lines.hpp"
#include "formats/chaco_simd_scan.hpp"

namespace {

// The graph's arrays or the error message, to compare the two readers.
template <typename Read> std::string outcome(Read read) {
    try {
        const part::Graph g = read();
        part::validate(g); // a parsed graph is always valid
        std::string out;
        for (auto x : g.xadj) out += std::to_string(x) + ' ';
        out += '|';
        for (auto x : g.adjncy) out += std::to_string(x) + ' ';
        out += '|';
        for (auto x : g.adjwgt) out += std::to_string(x) + ' ';
        out += '|';
        for (auto x : g.vwgt) out += std::to_string(x) + ' ';
        out += '|';
        for (auto x : g.vsize) out += std::to_string(x) + ' ';
        return out + '|' + std::to_string(g.ncon);
    } catch (const part::InputError& e) {
        return e.what();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::string fast =
        outcome([&] { return part::formats::parse_chaco_graph(text, "fuzz.graph"); });
    const std::string reference =
        outcome([&] { return part::formats::parse_chaco_graph_line_by_line(text, "fuzz.graph"); });
    if (fast != reference) std::abort();
    // On AVX-512 CPUs the AVX2 scan keeps sixteen ids of a row in a register: the eight-lane
    // copy that other CPUs run must agree too.
    part::formats::allow_avx512_rows(false);
    const std::string eight_lanes =
        outcome([&] { return part::formats::parse_chaco_graph(text, "fuzz.graph"); });
    part::formats::allow_avx512_rows(true);
    if (eight_lanes != reference) std::abort();
    return 0;
}
