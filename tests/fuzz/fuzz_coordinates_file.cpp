// libFuzzer target for coordinate files: any input must parse or be rejected with InputError.
// Coordinates read without a vertex count must read the same with their own count, and be
// rejected with one more; the two-piece parse (CoordinatesInPieces, split where the input's
// first byte says) must give what read_coordinates gives: the same rows or the same error.
// See tests/fuzz/README.md.
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

Outcome read_in_pieces(const std::string& path, std::int64_t expected, std::uint8_t split) {
    return outcome([&] {
        part::formats::CoordinatesInPieces pieces(path, expected);
        pieces.split(pieces.size() * split / 256);
        pieces.parse_first();
        pieces.parse_second();
        return pieces.finish();
    });
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using part::formats::parse_coordinates;
    using part::formats::read_coordinates;
    const std::string_view text = part::fuzz::as_text(data, size);
    const std::string path = part::fuzz::write_input(text, "fuzz.xyz");
    const std::uint8_t split = size > 0 ? data[0] : 0;
    const Outcome any = outcome([&] { return read_coordinates(path, -1); });
    part::fuzz::require(same(read_in_pieces(path, -1, split), any),
                        "the pieces disagree with read_coordinates (any count)");
    const auto* coords = std::get_if<Coordinates>(&any);
    // Rejected: try the count of lines, so the plain scan for a known count runs too.
    const std::int64_t vertices = !coords ? std::int64_t(std::count(text.begin(), text.end(), '\n'))
                                  : coords->dim > 0
                                      ? std::int64_t(coords->values.size()) / coords->dim
                                      : 0;
    const Outcome counted = outcome([&] { return read_coordinates(path, vertices); });
    part::fuzz::require(same(read_in_pieces(path, vertices, split), counted),
                        "the pieces disagree with read_coordinates (a given count)");
    part::fuzz::require(
        same(outcome([&] { return parse_coordinates(text, path, vertices); }), counted),
        "parse_coordinates disagrees with read_coordinates");
    if (!coords) return 0;
    part::fuzz::require(same(counted, any), "other rows with the vertex count given");
    part::fuzz::require(!part::fuzz::accepts([&] { parse_coordinates(text, path, vertices + 1); }),
                        "accepted with one vertex more");
    return 0;
}
