#include "formats/permutation_file.hpp"

#include <algorithm>

#include "formats/atomic_output.hpp"
#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "formats/text_output.hpp"

namespace part::formats {

VertexId parse_position_row(FieldCursor& fields, const LineReader& lines, std::int64_t expected) {
    const std::int64_t p = fields.integer("a position");
    if (!fields.at_end()) lines.fail("expected one position on the line, found more");
    if (p < 0 || (expected >= 0 && p >= expected) || p > std::int64_t(INT32_MAX))
        lines.fail("position " + std::to_string(p) + " is out of range: expected 0.." +
                   (expected >= 0 ? std::to_string(expected - 1) : std::string("n-1")) +
                   " (positions are 0-based)");
    return VertexId(p);
}

Permutation parse_permutation(std::string_view text, const std::string& name,
                              std::int64_t expected) {
    LineReader lines(text, name);
    Permutation positions;
    std::vector<std::int64_t> line_of; // line holding each position, 0 while unused
    if (expected >= 0) {
        positions.reserve(std::size_t(expected));
        line_of.assign(std::size_t(expected), 0);
    }
    // Without a count, positions beyond the file's lines cannot make a permutation: rejecting
    // them at once keeps line_of as small as the file.
    const auto max_lines = std::int64_t(std::count(text.begin(), text.end(), '\n')) +
                           (text.empty() || text.back() == '\n' ? 0 : 1);
    const std::int64_t rows = for_each_row(lines, [&](FieldCursor& fields) {
        if (expected >= 0 && std::int64_t(positions.size()) == expected)
            lines.fail("more lines than the graph's " + std::to_string(expected) + " vertices");
        const VertexId p = parse_position_row(fields, lines, expected);
        if (expected < 0) {
            if (p >= max_lines)
                lines.fail("position " + std::to_string(p) + " is beyond the file's " +
                           std::to_string(max_lines) + " lines: not a permutation");
            if (line_of.size() <= std::size_t(p)) line_of.resize(std::size_t(p) + 1, 0);
        }
        if (line_of[std::size_t(p)] != 0)
            lines.fail("position " + std::to_string(p) + " already given on line " +
                       std::to_string(line_of[std::size_t(p)]) + ": not a permutation");
        line_of[std::size_t(p)] = lines.line_number();
        positions.push_back(VertexId(p));
    });
    if (expected >= 0 && rows != expected)
        throw InputError(name, lines.line_number(),
                         "ordering has " + std::to_string(rows) + " lines but the graph has " +
                             std::to_string(expected) + " vertices");
    if (expected < 0 && line_of.size() != positions.size())
        throw InputError(name, lines.line_number(),
                         "position " + std::to_string(line_of.size() - 1) + " is beyond the " +
                             std::to_string(positions.size()) + " lines: not a permutation");
    return positions;
}

Permutation read_permutation(const std::string& path, std::int64_t expected_vertices) {
    return naming_file_when_memory_fails(path, [&] {
        MappedFile file(path);
        return parse_permutation(file.text(), path, expected_vertices);
    });
}

void write_permutation(const std::string& path, const Permutation& positions) {
    write_file_atomically(path, one_per_line(positions));
}

} // namespace part::formats
