// libFuzzer target for the Chaco/METIS graph reader: any input must either parse into a
// valid graph, which the writer writes as a text that reads back as the same graph, or be
// rejected with an InputError naming this input and a line of it; anything else (crash, other
// exception, sanitizer report) is a bug. Build with -DPART_BUILD_FUZZERS=ON and clang; see
// tests/fuzz/README.md.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "formats/chaco_graph.hpp"

namespace {

bool same_graph(const part::Graph& a, const part::Graph& b) {
    return a.xadj == b.xadj && a.adjncy == b.adjncy && a.adjwgt == b.adjwgt && a.vwgt == b.vwgt &&
           a.vsize == b.vsize && a.ncon == b.ncon;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    part::Graph g;
    try {
        g = part::formats::parse_chaco_graph(text, "fuzz.graph");
    } catch (const part::InputError& e) {
        const auto lines = std::int64_t(std::count(text.begin(), text.end(), '\n')) + 1;
        if (e.file() != "fuzz.graph" || e.line() < 0 || e.line() > lines) std::abort();
        return 0;
    }
    part::validate(g); // a parsed graph is always valid
    const std::string written = part::formats::format_chaco_graph(g);
    if (!same_graph(part::formats::parse_chaco_graph(written, "written.graph"), g)) std::abort();
    return 0;
}
