// libFuzzer target for coordinate files: any input must parse or be rejected with InputError.
// Coordinates read without a vertex count must read the same with their own count, and be
// rejected with one more; parse_coordinates must give what read_coordinates gives: the same
// rows or the same error. See tests/fuzz/README.md.
#include <algorithm>
#include <bit>
#include <variant>

#include "formats/coordinates_file.hpp"
#include "tests/fuzz/fuzz_support.hpp"

namespace {

using part::Coordinates;
using Outcome = std::variant<Coordinates, std::string>; // the rows, or the error message

bool same(const Outcome& a, const Outcome& b) {
    if (a.index() != b.index()) return false;
    if (const auto* message = std::get_if<std::string>(&a)) return *message == std::get<1>(b);
    const auto& x = std::get<Coordinates>(a);
    const auto& y = std::get<Coordinates>(b);
    // Bit for bit: both parses must round every number the same way.
    return x.dim == y.dim && std::ranges::equal(x.values, y.values, [](double a, double b) {
               return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
           });
}

template <typename Read> Outcome outcome(Read read) {
    try {
        return read();
    } catch (const part::InputError& e) {
        return std::string(e.what());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using part::formats::parse_coordinates;
    using part::formats::read_coordinates;
    const std::string_view text = part::fuzz::as_text(data, size);
    const std::string path = part::fuzz::write_input(text, "fuzz.xyz");
    const Outcome any = outcome([&] { return read_coordinates(path, -1); });
    const auto* coords = std::get_if<Coordinates>(&any);
    // Rejected: try the count of lines, so the checks against a known count run too.
    const std::int64_t vertices = !coords ? std::int64_t(std::count(text.begin(), text.end(), '\n'))
                                  : coords->dim > 0
                                      ? std::int64_t(coords->values.size()) / coords->dim
                                      : 0;
    const Outcome counted = outcome([&] { return read_coordinates(path, vertices); });
    part::fuzz::require(
        same(outcome([&] { return parse_coordinates(text, path, vertices); }), counted),
        "parse_coordinates disagrees with read_coordinates");
    if (!coords) return 0;
    part::fuzz::require(same(counted, any), "other rows with the vertex count given");
    part::fuzz::require(!part::fuzz::accepts([&] { parse_coordinates(text, path, vertices + 1); }),
                        "accepted with one vertex more");
    return 0;
}
