#pragma once
// Coordinate files as Chaco's .xyz: one line per vertex with 1, 2 or 3 numbers, the same
// count on every line. '%' lines are comments.
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "formats/line_reader.hpp"
#include "libpart/core/graph.hpp"

namespace part::formats {

// Reads exactly `expected_vertices` rows (pass -1 to accept any count). Rejects ragged rows,
// non-numbers, NaN and infinities, naming the line.
Coordinates read_coordinates(const std::string& path, std::int64_t expected_vertices);
Coordinates parse_coordinates(std::string_view text, const std::string& name,
                              std::int64_t expected_vertices);

// Appends the coordinates on one row to `coords`, whose first row sets the dimension, with
// read_coordinates' checks; `expected` rows at most (-1: any number). `bytes` of text bound
// what is reserved: every number takes at least two bytes, so no count can reserve beyond it.
void add_coordinate_row(FieldCursor& fields, const LineReader& lines, Coordinates& coords,
                        std::int64_t expected = -1, std::size_t bytes = 0);

void write_coordinates(const std::string& path, const Coordinates& coords);

// The same for coordinates made row by row and never held together: fill(row, values)
// writes the `dim` coordinates of each row in turn.
void write_coordinates(const std::string& path, std::size_t rows, int dim,
                       const std::function<void(std::size_t row, std::span<double> values)>& fill);

} // namespace part::formats
