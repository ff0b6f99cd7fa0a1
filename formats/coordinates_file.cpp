#include "formats/coordinates_file.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "formats/atomic_output.hpp"
#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "formats/text_chunks.hpp"
#include "formats/text_output.hpp"
#include "libpart/core/parallel.hpp"

namespace part::formats {

namespace {

Coordinates parse_coordinates_sequentially(std::string_view text, const std::string& name,
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

// The number of fields on the first line, when it is a data row; 0 otherwise.
int fields_on_first_line(std::string_view text, const std::string& name) {
    LineReader lines(text, name);
    std::string_view line;
    if (!lines.next(line) || is_blank(line) || line.front() == '%') return 0;
    FieldCursor fields(line, lines);
    return int(fields.count_remaining());
}

// Lines in a slice that ends at a line end or at the end of the text.
std::int64_t lines_in(std::string_view chunk) {
    return std::int64_t(std::count(chunk.begin(), chunk.end(), '\n')) +
           (!chunk.empty() && chunk.back() != '\n');
}

// Fast path for large files without comments: one slice per thread, each parsed straight
// into its rows of the result (no per-slice copies, so the peak stays at one array). Returns
// nothing when anything is unusual (a comment, a slice that fails, rows not one per line
// before the trailing blank lines, a count other than the expected); the sequential parse
// then decides and reports with the file's own line numbers.
std::optional<Coordinates> parse_coordinates_in_parallel(std::string_view text,
                                                         const std::string& name,
                                                         std::int64_t expected, unsigned threads) {
    const int dim = fields_on_first_line(text, name);
    if (dim < 1 || dim > 3 || text.find('%') != std::string_view::npos) return std::nullopt;
    const std::vector<std::string_view> chunks = split_at_line_ends(text, threads);
    std::vector<std::int64_t> first_row{0};
    for (std::string_view chunk : chunks) first_row.push_back(first_row.back() + lines_in(chunk));
    Coordinates coords{dim, std::vector<double>(std::size_t(first_row.back()) * std::size_t(dim))};
    std::vector<std::int64_t> rows(chunks.size(), -1);
    for_each_range(std::int64_t(chunks.size()), unsigned(chunks.size()),
                   [&](unsigned c, std::int64_t, std::int64_t) {
                       double* out = coords.values.data() + first_row[c] * dim;
                       LineReader lines(chunks[c], name);
                       try {
                           rows[c] = for_each_row(lines, [&](FieldCursor& fields) {
                               if (fields.count_remaining() != std::size_t(dim))
                                   lines.fail("ragged row");
                               for (int axis = 0; axis < dim; ++axis) {
                                   const double x = fields.real("a coordinate");
                                   if (!std::isfinite(x)) lines.fail("not finite");
                                   *out++ = x;
                               }
                           });
                       } catch (const InputError&) {
                       }
                   });
    for (std::size_t c = 0; c + 1 < chunks.size(); ++c) // blank lines may only end the file
        if (rows[c] != first_row[c + 1] - first_row[c]) return std::nullopt;
    if (rows.back() < 0) return std::nullopt;
    const std::int64_t total = first_row[chunks.size() - 1] + rows.back();
    if (expected >= 0 && total != expected) return std::nullopt;
    coords.values.resize(std::size_t(total) * std::size_t(dim));
    return coords;
}

} // namespace

Coordinates parse_coordinates(std::string_view text, const std::string& name,
                              std::int64_t expected) {
    const unsigned threads = worker_threads(std::int64_t(text.size()));
    if (threads > 1)
        if (auto coords = parse_coordinates_in_parallel(text, name, expected, threads))
            return std::move(*coords);
    return parse_coordinates_sequentially(text, name, expected);
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
