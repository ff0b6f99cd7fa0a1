#pragma once
// Partition files as gpmetis writes them: one 0-based part id per line, line i for vertex i.
// Also used for target files: one positive capacity per line, one line per part.
#include <string>
#include <string_view>
#include <vector>

#include "libpart/core/partition.hpp"

namespace part::formats {

// Reads a partition of `expected_vertices` entries. num_parts is `num_parts` when given
// (> 0), else the K of a gpmetis-style name "*.part.K" when it covers every id, else
// max id + 1. Errors name the line: non-integers, negative ids, wrong length, ids >= K.
Partition read_partition(const std::string& path, std::int64_t expected_vertices,
                         PartId num_parts = 0);
Partition parse_partition(std::string_view text, const std::string& name,
                          std::int64_t expected_vertices, PartId num_parts = 0);

class FieldCursor;
class LineReader;
// One row of a partition file: a part id >= 0 (< num_parts when num_parts > 0) and nothing
// else. Throws InputError naming the line.
PartId parse_part_id_row(FieldCursor& fields, const LineReader& lines, PartId num_parts);

// The K of a gpmetis-style name "*.part.K", else 0.
PartId parts_from_name(std::string_view path);

// The file's bytes: one part id per line.
std::string partition_text(const std::vector<PartId>& part);
void write_partition(const std::string& path, const std::vector<PartId>& part);

// Per-part capacities, one positive number per line, normalised to fractions summing to 1.
std::vector<double> read_targets(const std::string& path, PartId expected_parts);

} // namespace part::formats
