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

// Why a partition file whose ids run 1..max_id, none 0, is refused when the part count is
// unknown: it looks 1-based.
std::string one_based_partition_message(PartId max_id);

// The K of a gpmetis-style name "*.part.K", else 0.
PartId parts_from_name(std::string_view path);

// A partition has at most one part per vertex: refuses a larger id, naming the line, so that no
// per-part array is sized beyond the input.
void ensure_part_id_below_vertices(PartId id, std::int64_t vertices, const LineReader& lines);

// The part count of a partition of `vertices` rows and largest id `max_id`, read from `name`:
// `given` when > 0, else the K of a "*.part.K" name when it covers every id, else max_id + 1.
// Throws InputError when the name's K exceeds the vertices.
PartId parts_of_partition(PartId given, PartId max_id, std::int64_t vertices,
                          const std::string& name);

void write_partition(const std::string& path, const std::vector<PartId>& part);

// Per-part capacities, one positive number per line, normalised to fractions summing to 1.
std::vector<double> read_targets(const std::string& path, PartId expected_parts);

} // namespace part::formats
