#include "formats/order_file.hpp"

#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"

namespace part::formats {

std::vector<VertexId> parse_order(std::string_view text, const std::string& name,
                                  VertexId expected) {
    LineReader lines(text, name);
    std::vector<VertexId> position;
    position.reserve(std::size_t(expected));
    std::vector<std::int64_t> line_of_position(std::size_t(expected), 0);
    const std::int64_t rows = for_each_row(lines, [&](FieldCursor& fields) {
        const std::int64_t at = fields.integer("a position");
        if (!fields.at_end()) lines.fail("expected one position on the line, found more");
        if (std::int64_t(position.size()) == expected)
            lines.fail("more lines than the graph's " + std::to_string(expected) + " vertices");
        if (at < 0 || at >= expected)
            lines.fail("position " + std::to_string(at) + " is outside 0.." +
                       std::to_string(expected - 1) + ": positions are 0-based");
        if (line_of_position[at] != 0)
            lines.fail("position " + std::to_string(at) + " was already given on line " +
                       std::to_string(line_of_position[at]) +
                       ": the ordering must be a permutation");
        line_of_position[at] = lines.line_number();
        position.push_back(VertexId(at));
    });
    if (rows != expected)
        throw InputError(name, lines.line_number(),
                         "ordering has " + std::to_string(rows) + " lines but the graph has " +
                             std::to_string(expected) + " vertices");
    return position;
}

std::vector<VertexId> read_order(const std::string& path, VertexId expected_vertices) {
    MappedFile file(path);
    return parse_order(file.text(), path, expected_vertices);
}

} // namespace part::formats
