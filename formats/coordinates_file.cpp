#include "formats/coordinates_file.hpp"

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
    MappedFile file(path);
    return parse_coordinates(file.text(), path, expected_vertices);
}

void write_coordinates(const std::string& path, const Coordinates& coords) {
    ChunkedOutput out(path);
    for (std::size_t i = 0; i < coords.values.size(); ++i) {
        append_number(out.text(), coords.values[i]);
        const bool row_end = (i + 1) % std::size_t(coords.dim) == 0;
        out.text() += row_end ? '\n' : ' ';
        if (row_end) out.flush_if_large();
    }
    out.commit();
}

} // namespace part::formats
