#include "formats/partition_file.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <regex>

#include "formats/atomic_output.hpp"
#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "formats/text_output.hpp"

namespace part::formats {

PartId parts_from_name(const std::string& path) {
    static const std::regex suffix(R"(\.part\.([0-9]{1,9})$)");
    std::smatch match;
    if (std::regex_search(path, match, suffix)) return PartId(std::stol(match[1]));
    return 0;
}

PartId parse_part_id_row(FieldCursor& fields, const LineReader& lines, PartId num_parts) {
    std::int64_t id = fields.integer("a part id");
    if (id < 0) lines.fail("part id " + std::to_string(id) + " is negative: part ids are 0-based");
    if (id > std::numeric_limits<PartId>::max() - 1)
        lines.fail("part id " + std::to_string(id) + " is too large");
    if (num_parts > 0 && id >= num_parts)
        lines.fail("part id " + std::to_string(id) + " is out of range for " +
                   std::to_string(num_parts) + " parts");
    if (!fields.at_end()) lines.fail("expected one part id on the line, found more");
    return PartId(id);
}

Partition parse_partition(std::string_view text, const std::string& name, std::int64_t expected,
                          PartId num_parts) {
    LineReader lines(text, name);
    Partition p;
    if (expected >= 0) p.part.reserve(std::size_t(expected));
    PartId max_id = -1;
    const std::int64_t rows = for_each_row(lines, [&](FieldCursor& fields) {
        if (expected >= 0 && std::int64_t(p.part.size()) == expected)
            lines.fail("more lines than the graph's " + std::to_string(expected) + " vertices");
        const PartId id = parse_part_id_row(fields, lines, num_parts);
        p.part.push_back(id);
        max_id = std::max(max_id, id);
    });
    if (expected >= 0 && rows != expected)
        throw InputError(name, lines.line_number(),
                         "partition has " + std::to_string(rows) + " lines but the graph has " +
                             std::to_string(expected) + " vertices");
    p.num_parts = num_parts > 0 ? num_parts : std::max<PartId>(max_id + 1, 1);
    if (num_parts <= 0 && parts_from_name(name) > max_id) p.num_parts = parts_from_name(name);
    return p;
}

Partition read_partition(const std::string& path, std::int64_t expected_vertices,
                         PartId num_parts) {
    MappedFile file(path);
    return parse_partition(file.text(), path, expected_vertices, num_parts);
}

void write_partition(const std::string& path, const std::vector<PartId>& part) {
    std::string out;
    out.reserve(part.size() * 4);
    for (PartId p : part) {
        append_number(out, p);
        out += '\n';
    }
    write_file_atomically(path, out);
}

std::vector<double> read_targets(const std::string& path, PartId expected_parts) {
    MappedFile file(path);
    LineReader lines(file.text(), path);
    std::vector<double> capacities;
    for_each_row(lines, [&](FieldCursor& fields) {
        double c = fields.real("a target capacity");
        if (!(c > 0) || !std::isfinite(c)) lines.fail("target capacity must be a positive number");
        if (!fields.at_end()) lines.fail("expected one capacity on the line, found more");
        capacities.push_back(c);
    });
    if (expected_parts > 0 && capacities.size() != std::size_t(expected_parts))
        throw InputError(path, lines.line_number(),
                         "targets file has " + std::to_string(capacities.size()) +
                             " values but there are " + std::to_string(expected_parts) + " parts");
    return normalise_targets(capacities);
}

} // namespace part::formats
