#pragma once
// Permutation (ordering) files: line i holds the new 0-based position of vertex i, so the
// file is a permutation of 0..n-1 (the same layout as METIS's ndmetis .iperm file). '%' lines
// are comments.
#include <cstdint>
#include <string>
#include <string_view>

#include "libpart/order/permutation.hpp"

namespace part::formats {

// Reads a permutation of `expected_vertices` entries (-1: any count). Errors name the line:
// non-integers, positions out of range, a position given twice (naming the earlier line),
// more than one number on a line, too few or too many lines.
Permutation read_permutation(const std::string& path, std::int64_t expected_vertices);
Permutation parse_permutation(std::string_view text, const std::string& name,
                              std::int64_t expected_vertices);

class FieldCursor;
class LineReader;
// One row: a position in 0..expected-1 (any non-negative 32-bit one when expected < 0) and
// nothing else. Throws InputError naming the line. Repeats are the caller's to find.
VertexId parse_position_row(FieldCursor& fields, const LineReader& lines, std::int64_t expected);

void write_permutation(const std::string& path, const Permutation& positions);

} // namespace part::formats
