#include "formats/coordinates_file.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "formats/atomic_output.hpp"
#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "formats/text_output.hpp"
#include "formats/text_pieces.hpp"

namespace part::formats {

namespace {

// Appends the row to `coords` when it holds exactly the dimension's count of finite numbers,
// as the rows after the first do in a valid file; false otherwise, when add_coordinate_row reads it
// again to name the problem (it counts the row's tokens first, which costs a pass over the row).
bool add_plain_row(FieldCursor fields, Coordinates& coords) {
    double row[3];
    for (int axis = 0; axis < coords.dim; ++axis)
        if (!fields.next_real(row[axis]) || !std::isfinite(row[axis])) return false;
    if (!fields.at_end()) return false;
    coords.values.insert(coords.values.end(), row, row + coords.dim);
    return true;
}

} // namespace

void add_coordinate_row(FieldCursor& fields, const LineReader& lines, Coordinates& coords,
                        std::int64_t expected, std::size_t bytes) {
    if (coords.dim != 0 &&
        (expected < 0 || std::int64_t(coords.values.size()) < expected * coords.dim) &&
        add_plain_row(fields, coords))
        return;
    const int count = int(fields.count_remaining());
    if (coords.dim == 0) {
        if (count < 1 || count > 3)
            lines.fail("expected 1, 2 or 3 coordinates, found " + std::to_string(count));
        coords.dim = count;
        if (expected >= 0)
            coords.values.reserve(
                std::min(std::size_t(expected) * std::size_t(count), bytes / 2 + 1));
    } else if (count != coords.dim) {
        lines.fail("expected " + std::to_string(coords.dim) +
                   " coordinates as on the first row, found " + std::to_string(count));
    }
    if (expected >= 0 && std::int64_t(coords.values.size()) == expected * coords.dim)
        lines.fail("more coordinate rows than the graph's " + std::to_string(expected) +
                   " vertices");
    for (int axis = 0; axis < count; ++axis) {
        double x = fields.real("a coordinate");
        if (!std::isfinite(x)) lines.fail("coordinate is not finite (NaN or infinity)");
        coords.values.push_back(x);
    }
}

namespace {

// The rows parsed in pieces, one per thread, then joined in order. Empty when a piece fails
// or the pieces' dimensions or row count do not agree: the serial parse then names the
// problem and its line.
std::optional<Coordinates> parse_rows_in_pieces(std::string_view text, std::int64_t expected,
                                                std::size_t count) {
    std::vector<Coordinates> parsed(count);
    const bool parsed_all =
        parse_in_pieces(text, count, [&](std::size_t i, std::string_view piece) {
            LineReader lines(piece, "");
            const auto line_ends = std::count(piece.begin(), piece.end(), '\n');
            parsed[i].values.reserve(3 * std::size_t(line_ends + 1)); // up to 3 per line
            std::string_view line;
            while (lines.next_data(line)) { // a blank line fails: no row is empty
                FieldCursor fields(line, lines);
                add_coordinate_row(fields, lines, parsed[i]);
            }
        });
    Coordinates coords;
    std::size_t values = 0;
    for (const Coordinates& piece : parsed) {
        if (piece.values.empty()) continue; // comments only
        if (coords.dim != 0 && piece.dim != coords.dim) return std::nullopt;
        coords.dim = piece.dim;
        values += piece.values.size();
    }
    if (!parsed_all || coords.dim == 0 ||
        (expected >= 0 && values != std::size_t(expected) * coords.dim))
        return std::nullopt;
    coords.values.reserve(values);
    for (const Coordinates& piece : parsed)
        coords.values.insert(coords.values.end(), piece.values.begin(), piece.values.end());
    return coords;
}

} // namespace

Coordinates parse_coordinates(std::string_view text, const std::string& name,
                              std::int64_t expected) {
    if (const std::size_t pieces = pieces_for(text); pieces > 1)
        if (std::optional<Coordinates> coords = parse_rows_in_pieces(text, expected, pieces))
            return std::move(*coords);
    LineReader lines(text, name);
    Coordinates coords;
    const std::int64_t rows = for_each_row(lines, [&](FieldCursor& fields) {
        add_coordinate_row(fields, lines, coords, expected, text.size());
    });
    if (expected >= 0 && rows != expected)
        throw InputError(name, lines.line_number(),
                         "file has " + std::to_string(rows) +
                             " coordinate rows but the graph has " + std::to_string(expected) +
                             " vertices");
    return coords;
}

Coordinates read_coordinates(const std::string& path, std::int64_t expected_vertices) {
    return naming_file_when_memory_fails(path, [&] {
        MappedFile file(path);
        return parse_coordinates(file.text(), path, expected_vertices);
    });
}

void write_coordinates(const std::string& path, const Coordinates& coords) {
    const auto dim = std::size_t(coords.dim);
    write_coordinates(path, dim == 0 ? 0 : coords.values.size() / dim, coords.dim,
                      [&](std::size_t row, std::span<double> values) {
                          std::copy_n(coords.values.begin() + std::ptrdiff_t(row * dim), dim,
                                      values.begin());
                      });
}

void write_coordinates(const std::string& path, std::size_t rows, int dim,
                       const std::function<void(std::size_t row, std::span<double> values)>& fill) {
    if (rows > 0 && (dim < 1 || dim > 3))
        throw InvalidArgument("coordinates for " + path + " have dimension " + std::to_string(dim) +
                              ": expected 1, 2 or 3");
    ChunkedOutput out(path);
    double values[3];
    for (std::size_t row = 0; row < rows; ++row) {
        fill(row, {values, std::size_t(dim)});
        for (int axis = 0; axis < dim; ++axis) {
            append_number(out.text(), values[axis]);
            out.text() += axis + 1 == dim ? '\n' : ' ';
        }
        out.flush_if_large();
    }
    out.commit();
}

} // namespace part::formats
