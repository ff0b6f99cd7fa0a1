#pragma once
// The fastest path of the Chaco/METIS reader, for the plain format (no sizes, no weights) that
// mesh graphs mostly use: 64 bytes of text classified at a time with AVX2 (digits, line ends,
// spaces), every number found from the bit masks and converted eight digits at a time. On CPUs
// without AVX2, BMI2 and POPCNT, or on anything it does not handle (comment lines, numbers of
// sixteen or more digits, any error), it declines and the portable scan of chaco_fast_scan.cpp
// reads the piece instead.
#include <cstdint>
#include <optional>
#include <string_view>

#include "libpart/core/graph.hpp"

namespace part::formats {

// Lines and numbers (runs of digits) of a piece of whole lines, as the scans will find them.
struct TextCounts {
    std::int64_t lines = 0;
    std::int64_t numbers = 0;
};

// A piece of whole vertex lines and where its rows go in the graph's arrays.
struct PlainPiece {
    std::string_view text;
    const char* text_end = nullptr; // end of the whole text: loads may reach past the piece
    std::uint64_t n = 0;            // vertices in the graph
    std::int64_t first_row = 0;
    std::int64_t rows = 0; // lines past these must be blank
    std::int64_t first_entry = 0;
    std::int64_t entries = 0;
    VertexId* adjncy = nullptr; // the graph's arrays
    EdgeOffset* xadj = nullptr; // xadj[first_row + 1 ..] are written
    std::uint64_t key = 0;      // of the mirror fingerprint
};

// True when this CPU runs the functions below (and they are allowed).
bool simd_scan_available();
// Turns the AVX2 scan off (false) or back on, so tests can compare the portable scan with the
// line-by-line reader on the plain format too.
void allow_simd_scan(bool allowed);
// Turns the AVX-512 copy of the AVX2 scan (on CPUs that have AVX-512 F, VL, BW and DQ: a row
// register of sixteen ids instead of eight, one-instruction 64-bit products for the mirror
// terms) off or back on, so tests can run both copies.
void allow_avx512_rows(bool allowed);

// Counts when the text holds no '%'; nothing otherwise (comment lines need the line-aware
// count).
std::optional<TextCounts> simd_count_lines_and_numbers(std::string_view text);

// What a scan proves about a piece's entries beyond its rows' own checks: the whole graph is
// symmetric when the pieces' fingerprints sum to zero (probabilistic, see
// mirror_fingerprint_key) and their upper-minus-lower counts too (exact, a necessary
// condition: every edge listed upward once and downward once).
struct PieceSums {
    std::uint64_t fingerprint = 0;
    std::int64_t upper_minus_lower = 0; // entries (u, v) with u < v minus those with u > v
};

// The piece's sums after writing its rows, when it is plain, holds exactly its rows and
// entries, ids in range, no self loop and no repeated neighbour; nothing when it declines
// (then the arrays hold partial rows, which the portable scan overwrites).
std::optional<PieceSums> simd_scan_plain_rows(const PlainPiece& piece);

} // namespace part::formats
