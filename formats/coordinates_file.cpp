#include "formats/coordinates_file.hpp"

#include <algorithm>
#include <cmath>

#include "formats/atomic_output.hpp"
#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "formats/text_output.hpp"

namespace part::formats {

Coordinates parse_coordinates(std::string_view text, const std::string& name,
                              std::int64_t expected) {
    LineReader lines(text, name);
    Coordinates coords;
    const std::int64_t rows = for_each_row(lines, [&](FieldCursor& fields) {
        const int count = int(fields.count_remaining());
        if (coords.dim == 0) {
            if (count < 1 || count > 3)
                lines.fail("expected 1, 2 or 3 coordinates, found " + std::to_string(count));
            coords.dim = count;
            // Every number takes at least two bytes, so no count can reserve beyond the text.
            if (expected >= 0)
                coords.values.reserve(
                    std::min(std::size_t(expected) * std::size_t(count), text.size() / 2 + 1));
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
