// libFuzzer target for the Chaco/METIS graph parser: any input must either parse into a
// valid graph or be rejected with InputError; anything else (crash, other exception,
// sanitizer report) is a bug. Build with -DPART_BUILD_FUZZERS=ON and clang; see
// tests/fuzz/README.md.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "formats/chaco_graph.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        part::Graph g = part::formats::parse_chaco_graph(text, "fuzz.graph");
        part::validate(g); // a parsed graph is always valid
    } catch (const part::InputError&) {
    }
    return 0;
}
