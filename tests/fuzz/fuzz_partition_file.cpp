// libFuzzer target for partition files and per-part target files: any input must parse or be
// rejected with InputError; a partition read without a vertex count must read the same with
// its own count, and be rejected with one more (the plain scan and the line-by-line reader
// take turns). See tests/fuzz/README.md.
#include "formats/partition_file.hpp"
#include "tests/fuzz/fuzz_support.hpp"

using part::Partition;
using part::formats::parse_partition;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = part::fuzz::as_text(data, size);
    part::fuzz::accepts(
        [&] { part::formats::read_targets(part::fuzz::write_input(text, "fuzz.targets"), 0); });
    Partition any;
    if (!part::fuzz::accepts([&] { any = parse_partition(text, "fuzz.part", -1); })) return 0;
    const auto vertices = std::int64_t(any.part.size());
    Partition counted;
    part::fuzz::require(
        part::fuzz::accepts([&] { counted = parse_partition(text, "fuzz.part", vertices); }),
        "rejected with the vertex count it has");
    part::fuzz::require(counted.part == any.part && counted.num_parts == any.num_parts,
                        "another partition with the vertex count given");
    part::fuzz::require(
        !part::fuzz::accepts([&] { parse_partition(text, "fuzz.part", vertices + 1); }),
        "accepted with one vertex more");
    // A name may give as many parts as vertices, no more (the reader refuses that).
    if (vertices == 0) return 0;
    const std::string name = "fuzz.part." + std::to_string(vertices);
    Partition named;
    part::fuzz::require(
        part::fuzz::accepts([&] { named = parse_partition(text, name, vertices, 0); }),
        "rejected under a gpmetis-style name");
    part::fuzz::require(named.part == any.part, "another partition under a gpmetis-style name");
    return 0;
}
