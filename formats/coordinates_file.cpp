#include "formats/coordinates_file.hpp"

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

// Fast path for large files: one slice per thread, parsed as files of their own and joined.
// Returns nothing when anything is unusual (a slice fails, dimensions differ, a blank line
// ends a slice other than the last, the row count is not the expected one); the sequential
// parse then decides and reports with the file's own line numbers.
std::optional<Coordinates> parse_coordinates_in_parallel(std::string_view text,
                                                         const std::string& name,
                                                         std::int64_t expected, unsigned threads) {
    const std::vector<std::string_view> chunks = split_at_line_ends(text, threads);
    std::vector<Coordinates> parts(chunks.size());
    std::vector<char> ok(chunks.size(), 0);
    for_each_range(std::int64_t(chunks.size()), unsigned(chunks.size()),
                   [&](unsigned c, std::int64_t, std::int64_t) {
                       try {
                           parts[c] = parse_coordinates_sequentially(chunks[c], name, -1);
                           ok[c] = c + 1 == chunks.size() || !is_blank(last_line(chunks[c]));
                       } catch (const InputError&) {
                       }
                   });
    Coordinates joined;
    for (std::size_t c = 0; c < chunks.size(); ++c) {
        if (!ok[c] || (c > 0 && parts[c].dim != joined.dim)) return std::nullopt;
        if (c == 0)
            joined = std::move(parts[0]);
        else
            joined.values.insert(joined.values.end(), parts[c].values.begin(),
                                 parts[c].values.end());
    }
    const auto rows =
        std::int64_t(joined.dim > 0 ? joined.values.size() / std::size_t(joined.dim) : 0);
    if (expected >= 0 && rows != expected) return std::nullopt;
    return joined;
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
