// libFuzzer target for permutation files: any input must parse or be rejected with
// InputError; a permutation read without a vertex count must read the same with its own
// count, and be rejected with one more. See tests/fuzz/README.md.
#include "formats/permutation_file.hpp"
#include "tests/fuzz/fuzz_support.hpp"

using part::formats::parse_permutation;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = part::fuzz::as_text(data, size);
    part::Permutation any;
    if (!part::fuzz::accepts([&] { any = parse_permutation(text, "fuzz.perm", -1); })) return 0;
    const auto vertices = std::int64_t(any.size());
    part::Permutation counted;
    part::fuzz::require(
        part::fuzz::accepts([&] { counted = parse_permutation(text, "fuzz.perm", vertices); }),
        "rejected with the vertex count it has");
    part::fuzz::require(counted == any, "another permutation with the vertex count given");
    part::fuzz::require(
        !part::fuzz::accepts([&] { parse_permutation(text, "fuzz.perm", vertices + 1); }),
        "accepted with one vertex more");
    return 0;
}
