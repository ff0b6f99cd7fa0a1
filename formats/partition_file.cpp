#include "formats/partition_file.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "formats/atomic_output.hpp"
#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "formats/text_output.hpp"

namespace part::formats {

PartId parts_from_name(std::string_view path) {
    constexpr std::string_view kSuffix = ".part.";
    const std::size_t at = path.rfind(kSuffix);
    if (at == std::string_view::npos) return 0;
    return std::max(small_decimal(path.substr(at + kSuffix.size())), 0);
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

namespace {

// Any file, line by line, with errors naming the line.
Partition parse_partition_rows(std::string_view text, const std::string& name,
                               std::int64_t expected, PartId num_parts, PartId& max_id) {
    LineReader lines(text, name);
    Partition p;
    if (expected >= 0) p.part.reserve(std::size_t(expected));
    max_id = -1;
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
    return p;
}

// Part ids are 0-based, as gpmetis writes them; a file without part 0 was most likely written
// 1-based, like the graph's vertex ids (chaco_graph.cpp says the same the other way round).
constexpr const char* kLooksOneBased =
    "no vertex is in part 0, so this file looks 1-based: part ids are 0-based; subtract 1 from "
    "every part id";

// Why an id of at least the number of vertices is refused: such a count would size every
// per-part array far beyond the input.
std::string beyond_vertices_reason(std::int64_t vertices) {
    return " (at most one part per vertex: the partition has " + std::to_string(vertices) +
           " vertices)";
}

// Throws at the line of the first id >= `limit`, which the caller knows is there, adding `why`.
[[noreturn]] void fail_at_first_id_from(std::string_view text, const std::string& name,
                                        std::int64_t expected, PartId limit,
                                        const std::string& why) {
    PartId max_id = -1;
    try {
        parse_partition_rows(text, name, expected, limit, max_id);
    } catch (const InputError& e) {
        throw InputError(e.file(), e.line(), e.message() + why);
    }
    throw InputError(name, 0, why);
}

std::int64_t first_data_line(std::string_view text, const std::string& name) {
    LineReader lines(text, name);
    std::string_view line;
    return lines.next_filled(line) ? lines.line_number() : 0;
}

} // namespace

std::string one_based_partition_message(PartId max_id) {
    return std::string(kLooksOneBased) +
           ", or give the part count if part 0 is meant to be empty (ids 1.." +
           std::to_string(max_id) + " would make " + std::to_string(max_id + 1) + " parts)";
}

void ensure_part_id_below_vertices(PartId id, std::int64_t vertices, const LineReader& lines) {
    if (id >= vertices)
        lines.fail("part id " + std::to_string(id) + " is out of range for " +
                   std::to_string(vertices) + " parts" + beyond_vertices_reason(vertices));
}

PartId parts_of_partition(PartId given, PartId max_id, std::int64_t vertices,
                          const std::string& name) {
    if (given > 0) return given;
    const PartId named = parts_from_name(name);
    if (named <= max_id) return std::max<PartId>(max_id + 1, 1);
    if (named > vertices)
        throw InputError(name, 0,
                         "the name says " + std::to_string(named) +
                             " parts (.part.K) but the partition has only " +
                             std::to_string(vertices) +
                             " vertices; give the number of parts with -k");
    return named;
}

Partition parse_partition(std::string_view text, const std::string& name, std::int64_t expected,
                          PartId num_parts) {
    PartId max_id = -1;
    // Out-of-range ids are read here and reported below, once it is known whether part 0 is
    // empty (a 1-based file).
    Partition p = parse_partition_rows(text, name, expected, 0, max_id);
    const auto vertices = std::int64_t(p.part.size());
    const bool no_part_zero =
        !p.part.empty() && std::find(p.part.begin(), p.part.end(), 0) == p.part.end();
    const std::string hint = no_part_zero ? std::string("; ") + kLooksOneBased : "";
    if (num_parts > 0 && max_id >= num_parts)
        fail_at_first_id_from(text, name, expected, num_parts, hint);
    const PartId named_parts = num_parts > 0 ? 0 : parts_from_name(name);
    if (no_part_zero && named_parts > 0 && max_id >= named_parts)
        fail_at_first_id_from(text, name, expected, named_parts,
                              " (the count in the file's name)" + hint);
    if (no_part_zero && num_parts <= 0 && named_parts <= 0)
        throw InputError(name, first_data_line(text, name), one_based_partition_message(max_id));
    if (max_id >= vertices)
        fail_at_first_id_from(text, name, expected, PartId(vertices),
                              beyond_vertices_reason(vertices));
    p.num_parts = parts_of_partition(num_parts, max_id, vertices, name);
    return p;
}

Partition read_partition(const std::string& path, std::int64_t expected_vertices,
                         PartId num_parts) {
    return naming_file_when_memory_fails(path, [&] {
        MappedFile file(path);
        return parse_partition(file.text(), path, expected_vertices, num_parts);
    });
}

void write_partition(const std::string& path, const std::vector<PartId>& part) {
    write_file_atomically(path, one_per_line(part));
}

namespace {

// The largest ratio of two capacities. METIS holds target fractions as float (real_t in
// Debian's build) and divides by them (pijbm = 1 / (total weight * fraction)): within this
// ratio every fraction of up to 2^31 parts stays above 1 / (1e6 * 2^31), far inside float's
// normal range, and each fraction keeps float's relative precision, so the fractions still
// sum to 1 within METIS's check. No machine is a million times faster than another.
constexpr double kMaxCapacityRatio = 1e6;

struct Capacity {
    double value;
    std::int64_t line;
};

// Refuses capacities whose fractions METIS could not hold (see kMaxCapacityRatio), naming
// the line of the smallest.
void check_capacity_ratio(const std::vector<Capacity>& capacities, const std::string& path) {
    auto by_value = [](const Capacity& a, const Capacity& b) { return a.value < b.value; };
    const auto [smallest, largest] =
        std::minmax_element(capacities.begin(), capacities.end(), by_value);
    if (smallest == capacities.end() || largest->value <= smallest->value * kMaxCapacityRatio)
        return;
    std::ostringstream message;
    message << "target capacity " << smallest->value << " is too small beside " << largest->value
            << " on line " << largest->line
            << ": the ratio of the largest to the smallest capacity must be at most "
            << kMaxCapacityRatio << " (METIS holds target fractions in single precision)";
    throw InputError(path, smallest->line, message.str());
}

} // namespace

std::vector<double> read_targets(const std::string& path, PartId expected_parts) {
    MappedFile file(path);
    LineReader lines(file.text(), path);
    std::vector<Capacity> capacities;
    for_each_row(lines, [&](FieldCursor& fields) {
        double c = fields.real("a target capacity");
        if (!(c > 0) || !std::isfinite(c)) lines.fail("target capacity must be a positive number");
        if (!fields.at_end()) lines.fail("expected one capacity on the line, found more");
        capacities.push_back({c, lines.line_number()});
    });
    if (expected_parts > 0 && capacities.size() != std::size_t(expected_parts))
        throw InputError(path, lines.line_number(),
                         "targets file has " + std::to_string(capacities.size()) +
                             " values but there are " + std::to_string(expected_parts) + " parts");
    check_capacity_ratio(capacities, path);
    // Scaled by a power of two near the largest, exactly, so the sum cannot overflow (1e308
    // twice) and the fractions stay the ones the unscaled capacities give.
    double largest = 0;
    for (const Capacity& c : capacities) largest = std::max(largest, c.value);
    std::vector<double> values;
    values.reserve(capacities.size());
    for (const Capacity& c : capacities)
        values.push_back(std::ldexp(c.value, -std::ilogb(largest)));
    return normalise_targets(values);
}

} // namespace part::formats
