#pragma once
// Coordinate files as Chaco's .xyz: one line per vertex with 1, 2 or 3 numbers, the same
// count on every line. '%' lines are comments.
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "formats/mapped_file.hpp"

#include "libpart/core/graph.hpp"

namespace part::formats {

// Reads exactly `expected_vertices` rows (pass -1 to accept any count). Rejects ragged rows,
// non-numbers, NaN and infinities, naming the line.
Coordinates read_coordinates(const std::string& path, std::int64_t expected_vertices);
Coordinates parse_coordinates(std::string_view text, const std::string& name,
                              std::int64_t expected_vertices);

// A coordinates file parsed in two pieces, possibly at the same time on two threads: its
// first bytes, to a line end, and the rest, each straight into its rows. The pieces never
// throw; finish() returns what read_coordinates returns, and throws what it throws, by
// parsing the file as it does when anything was unusual (a comment, a bad or missing row, a
// file that cannot be read).
class CoordinatesInPieces {
  public:
    CoordinatesInPieces(const std::string& path, std::int64_t expected_vertices);
    // Bytes of the file; 0 when it cannot be read.
    std::size_t size() const;
    // The first piece ends at the first line end from `first_bytes` on. Before the parses;
    // allocates the result (its pages faulted in on the calling thread).
    void split(std::size_t first_bytes);
    void parse_first();
    void parse_second();
    // After both parses.
    Coordinates finish();

  private:
    std::string path_;
    std::int64_t expected_;
    std::optional<MappedFile> file_;
    int dim_ = 0;
    bool plain_ = false; // rows of numbers only, as many as expected: the pieces may parse it
    std::string_view first_, second_;
    Coordinates coords_;
    std::vector<double> second_values_;
    std::int64_t first_rows_ = -1, second_rows_ = -1;
};

void write_coordinates(const std::string& path, const Coordinates& coords);

// The same for coordinates made row by row and never held together: fill(row, values)
// writes the `dim` coordinates of each row in turn.
void write_coordinates(const std::string& path, std::size_t rows, int dim,
                       const std::function<void(std::size_t row, std::span<double> values)>& fill);

} // namespace part::formats
