#pragma once
// Migration plan files (.plan), version 1. A text head people can read, then a compact
// binary body that is the source of truth:
//
//   %PARTPLAN 1
//   { JSON summary: counts, checksums, logical-to-physical rank map, ... }
//   %%BODY <bytes> <fnv1a64 of the body, 16 hex digits>
//   <body: exactly <bytes> bytes, little-endian>
//
// Body layout: int32 vertices, old_parts, new_parts, 0; uint64 old and new partition
// checksums; int64 messages, moved vertices; int32 rank of each new part; per message int32
// source, int32 destination, int64 count; then int32 0-based vertex ids, message after
// message, ascending within each. docs/formats.md ("Migration plan") documents it for users.
#include <string>

#include <nlohmann/json.hpp>

#include "libpart/plan/migration_plan.hpp"

namespace part::formats {

inline constexpr int kPlanFormatVersion = 1;

// The JSON summary at the head of a plan file: counts, rank map, checksums, traffic totals.
nlohmann::json plan_summary(const MigrationPlan& plan);

// The whole file's bytes.
std::string format_plan(const MigrationPlan& plan);

// The file in parts, for a plan whose vertex lists are spread over ranks: the text head (up to
// and including the %%BODY line) and the body up to the vertex ids. Both read only the plan's
// counts, messages, offsets, rank map and checksums. The file is head, prefix, then the
// vertex ids (int32 little-endian) of each message in order; body_checksum is fnv1a64 over
// prefix and ids.
std::string format_plan_head(const MigrationPlan& plan, std::int64_t body_bytes,
                             std::uint64_t body_checksum);
std::string encode_body_prefix(const MigrationPlan& plan);
void write_plan(const std::string& path, const MigrationPlan& plan);

// Reads and checks a plan: magic line and version, JSON head, body size and checksum (a
// corrupted file is reported as such), the body's structure (validate()), and that the head's
// figures agree with the body. Throws InputError naming the file and what is wrong.
MigrationPlan read_plan(const std::string& path);
MigrationPlan parse_plan(std::string_view bytes, const std::string& name);

} // namespace part::formats
