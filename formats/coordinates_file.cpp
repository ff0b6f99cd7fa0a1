#include "formats/coordinates_file.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

#include "formats/atomic_output.hpp"
#include "formats/decimal_number.hpp"
#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "formats/text_chunks.hpp"
#include "formats/text_output.hpp"

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

// Newlines in text, eight bytes at a time (std::count went byte by byte: a third of the
// fast path's instructions on small files).
std::int64_t newlines_in(std::string_view text) {
    constexpr std::uint64_t kOnes = 0x0101010101010101, kHigh = 0x8080808080808080;
    std::int64_t count = 0;
    std::size_t i = 0;
    for (; i + 8 <= text.size(); i += 8) {
        std::uint64_t chunk;
        std::memcpy(&chunk, text.data() + i, 8);
        const std::uint64_t x = chunk ^ (kOnes * '\n'); // zero bytes where the newlines are
        // One bit per newline byte, summed by a multiplication (std::popcount is a library
        // call without -mpopcnt).
        count += std::int64_t((((~(((x & ~kHigh) + ~kHigh) | x) & kHigh) >> 7) * kOnes) >> 56);
    }
    for (; i < text.size(); ++i) count += text[i] == '\n';
    return count;
}

// Lines in a slice that ends at a line end or at the end of the text.
std::int64_t lines_in(std::string_view chunk) {
    return newlines_in(chunk) + (!chunk.empty() && chunk.back() != '\n');
}

bool is_field_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

// Rows of exactly `dim` finite numbers, one per line, parsed straight into `out` (room for
// `capacity` rows); blank lines only at the end, and only if `may_end_blank` (a piece that
// more rows follow). The number of rows, or -1 at anything else
// (a comment, a bad token, a ragged row), for the line-by-line parse to decide and report. The
// line reader's general machinery (a cursor per line, counting fields first, push_back) cost
// as much as the number conversions; so did finding each line's end first. A number never
// spans a '\n', so each conversion stops at the line's end by itself.
std::int64_t parse_plain_rows(std::string_view text, int dim, double* out, std::int64_t capacity,
                              bool may_end_blank = true) {
    const char* p = text.data();
    const char* const end = p + text.size();
    auto skip_space = [&] {
        while (p != end && is_field_space(*p)) ++p;
    };
    std::int64_t rows = 0;
    while (p != end) {
        skip_space();
        if (p == end || *p == '\n') { // a blank line: only blank lines may follow
            if (!may_end_blank) return -1;
            for (; p != end; ++p)
                if (*p != '\n' && !is_field_space(*p)) return -1;
            return rows;
        }
        if (rows == capacity) return -1;
        for (int axis = 0; axis < dim; ++axis) {
            if (axis > 0) {
                if (p == end || !is_field_space(*p)) return -1;
                skip_space();
            }
            double x = 0;
            const auto [next, ec] = decimal_from_chars(p, end, x);
            if (ec != std::errc() || !std::isfinite(x)) return -1;
            *out++ = x;
            p = next;
        }
        skip_space();
        if (p != end && *p++ != '\n') return -1;
        ++rows;
    }
    return rows;
}

// Fast path for files without comments: one slice per thread, each parsed straight
// into its rows of the result (no per-slice copies, so the peak stays at one array). Returns
// nothing when anything is unusual (a comment, a slice that fails, rows not one per line
// before the trailing blank lines, a count other than the expected); the sequential parse
// then decides and reports with the file's own line numbers.
std::optional<Coordinates> parse_coordinates_in_parallel(std::string_view text,
                                                         const std::string& name,
                                                         std::int64_t expected, unsigned threads) {
    const int dim = fields_on_first_line(text, name);
    if (dim < 1 || dim > 3 || text.find('%') != std::string_view::npos) return std::nullopt;
    if (threads == 1 && expected >= 0) { // one slice: the rows go straight into their place
        Coordinates coords{dim, std::vector<double>(std::size_t(expected) * std::size_t(dim))};
        if (parse_plain_rows(text, dim, coords.values.data(), expected) != expected)
            return std::nullopt;
        return coords;
    }
    const std::vector<std::string_view> chunks = split_at_line_ends(text, threads);
    std::vector<std::int64_t> first_row{0};
    for (std::string_view chunk : chunks) first_row.push_back(first_row.back() + lines_in(chunk));
    Coordinates coords{dim, std::vector<double>(std::size_t(first_row.back()) * std::size_t(dim))};
    std::vector<std::int64_t> rows(chunks.size(), -1);
    for (std::size_t c = 0; c < chunks.size(); ++c)
        rows[c] = parse_plain_rows(chunks[c], dim, coords.values.data() + first_row[c] * dim,
                                   first_row[c + 1] - first_row[c]);
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
    // The fast path serves small files too (one slice): it is most of the time on them.
    if (auto coords = parse_coordinates_in_parallel(text, name, expected, 1))
        return std::move(*coords);
    return parse_coordinates_sequentially(text, name, expected);
}

CoordinatesInPieces::CoordinatesInPieces(const std::string& path, std::int64_t expected_vertices)
    : path_(path), expected_(expected_vertices) {
    try {
        file_.emplace(path);
    } catch (const InputError&) {
        return; // finish() reports it
    }
    const std::string_view text = file_->text();
    dim_ = fields_on_first_line(text, path);
    plain_ = expected_ >= 0 && dim_ >= 1 && dim_ <= 3 && text.find('%') == std::string_view::npos;
    first_ = text; // one piece until split
}

std::size_t CoordinatesInPieces::size() const {
    return file_ ? file_->text().size() : 0;
}

void CoordinatesInPieces::split(std::size_t first_bytes) {
    if (!plain_) return;
    const std::string_view text = file_->text();
    const std::size_t newline = first_bytes == 0 ? 0 : text.find('\n', first_bytes - 1);
    const std::size_t end = first_bytes == 0                    ? 0
                            : newline == std::string_view::npos ? text.size()
                                                                : newline + 1;
    first_ = text.substr(0, end);
    second_ = text.substr(end);
    // The result's pages are faulted in here, on the thread that splits, not by parse_first on
    // another thread while this one faults in the graph's arrays: on this VM, page faults on
    // both vCPUs at once held each other up (kernel locks), and the graph's scan beside
    // parse_first took 1.5 ms instead of 0.48 (naca0012, 780 kB of coordinates).
    coords_ = {dim_, std::vector<double>(std::size_t(expected_) * std::size_t(dim_))};
}

void CoordinatesInPieces::parse_first() {
    if (!plain_) return;
    if (coords_.values.empty()) // not split: one piece
        coords_ = {dim_, std::vector<double>(std::size_t(expected_) * std::size_t(dim_))};
    first_rows_ = parse_plain_rows(first_, dim_, coords_.values.data(), expected_, second_.empty());
}

void CoordinatesInPieces::parse_second() {
    if (!plain_ || second_.empty()) return;
    const std::int64_t lines = lines_in(second_);
    second_values_.resize(std::size_t(lines) * std::size_t(dim_));
    second_rows_ = parse_plain_rows(second_, dim_, second_values_.data(), lines);
}

Coordinates CoordinatesInPieces::finish() {
    const std::int64_t rows = first_rows_ + (second_.empty() ? 0 : second_rows_);
    if (plain_ && first_rows_ >= 0 && (second_.empty() || second_rows_ >= 0) && rows == expected_) {
        if (!second_.empty())
            std::copy_n(second_values_.begin(), second_rows_ * dim_,
                        coords_.values.begin() + first_rows_ * dim_);
        return std::move(coords_);
    }
    if (!file_) return read_coordinates(path_, expected_); // throws why it cannot be read
    return parse_coordinates(file_->text(), path_, expected_);
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
