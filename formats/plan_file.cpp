#include "formats/plan_file.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <nlohmann/json.hpp>

#include "formats/atomic_output.hpp"
#include "formats/mapped_file.hpp"
#include "libpart/plan/partition_checksum.hpp"
#include "libpart/plan/plan_traffic.hpp"

namespace part::formats {

namespace {

static_assert(std::endian::native == std::endian::little, "the plan body is written little-endian");

constexpr std::string_view kMagic = "%PARTPLAN ";
constexpr std::string_view kBodyMarker = "%%BODY ";

std::string hex64(std::uint64_t value) {
    char buffer[17];
    std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(value));
    return buffer;
}

template <typename T> void put(std::string& out, T value) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    out.append(bytes, sizeof(T));
}

// Reads fixed-size values from the body, failing with the file's name and the line of the
// '%%BODY' marker (the binary body has no lines of its own) when it runs short.
class BodyReader {
  public:
    BodyReader(std::string_view body, const std::string& name, std::int64_t line)
        : body_(body), name_(name), line_(line) {}
    template <typename T> T get(const char* what) {
        if (body_.size() - pos_ < sizeof(T))
            throw InputError(name_, line_, std::string("plan body ends before ") + what);
        T value;
        std::memcpy(&value, body_.data() + pos_, sizeof(T));
        pos_ += sizeof(T);
        return value;
    }
    std::size_t remaining() const { return body_.size() - pos_; }

  private:
    std::string_view body_;
    const std::string& name_;
    std::int64_t line_;
    std::size_t pos_ = 0;
};

std::string encode_body(const MigrationPlan& plan) {
    std::string body = encode_body_prefix(plan);
    const std::size_t at = body.size();
    body.resize(at + 4 * plan.vertices.size());
    if (!plan.vertices.empty()) // an empty vector's data() may be null: memcpy from it is UB
        std::memcpy(body.data() + at, plan.vertices.data(), 4 * plan.vertices.size());
    return body;
}

MigrationPlan decode_body(std::string_view body, const std::string& name, std::int64_t line) {
    BodyReader in(body, name, line);
    MigrationPlan plan;
    plan.num_vertices = in.get<std::int32_t>("the vertex count");
    plan.old_parts = in.get<std::int32_t>("the old part count");
    plan.new_parts = in.get<std::int32_t>("the new part count");
    in.get<std::int32_t>("the reserved field");
    plan.old_checksum = in.get<std::uint64_t>("the old checksum");
    plan.new_checksum = in.get<std::uint64_t>("the new checksum");
    const auto messages = in.get<std::int64_t>("the message count");
    const auto moved = in.get<std::int64_t>("the moved vertex count");
    if (plan.new_parts < 1 || messages < 0 || moved < 0 || plan.num_vertices < 0 ||
        std::size_t(plan.new_parts) * 4 + std::size_t(messages) * 16 + std::size_t(moved) * 4 !=
            in.remaining())
        throw InputError(name, line, "plan body's counts do not match its size");
    plan.new_part_rank.resize(std::size_t(plan.new_parts));
    for (PartId& r : plan.new_part_rank) r = in.get<std::int32_t>("the rank map");
    plan.messages.resize(std::size_t(messages));
    plan.offsets.assign(1, 0);
    for (auto& msg : plan.messages) {
        msg.source = in.get<std::int32_t>("a message source");
        msg.destination = in.get<std::int32_t>("a message destination");
        const auto count = in.get<std::int64_t>("a message length");
        if (count < 0 || count > moved)
            throw InputError(name, line, "plan body has a bad message length");
        plan.offsets.push_back(plan.offsets.back() + count);
    }
    plan.vertices.resize(std::size_t(moved));
    for (VertexId& v : plan.vertices) v = in.get<std::int32_t>("a vertex id");
    return plan;
}

// File line of a key of the JSON summary, which starts on line 2; line 2 when the key is
// missing or its name appears only inside a value.
std::int64_t head_line_of(std::string_view head_text, const std::string& key) {
    const std::size_t at = head_text.find("\"" + key + "\":");
    if (at == std::string_view::npos) return 2;
    return 2 + std::count(head_text.begin(), head_text.begin() + std::ptrdiff_t(at), '\n');
}

// The head's figures must agree with the body, so an edited head cannot mislead a reader;
// "format" and "version" name what this reader supports, the others what the body holds.
void check_head(const nlohmann::json& head, std::string_view head_text, const MigrationPlan& plan,
                const std::string& name) {
    if (!head.is_object())
        throw InputError(name, 2, "the summary is not a JSON object: expected { ... }");
    const nlohmann::json expected = plan_summary(plan);
    for (const char* key : {"format", "version", "vertices", "old_parts", "new_parts", "ranks",
                            "skeleton_ranks", "logical_to_physical", "old_checksum", "new_checksum",
                            "moved_vertices", "messages", "max_messages_per_rank"}) {
        if (head.contains(key) && head[key] == expected[key]) continue;
        const bool supported =
            key == std::string_view("format") || key == std::string_view("version");
        throw InputError(name, head_line_of(head_text, key),
                         std::string("the summary's \"") + key + "\" is " +
                             (head.contains(key) ? head[key].dump() : "missing") +
                             (supported ? ": this reader supports " : " but the body says ") +
                             expected[key].dump());
    }
}

} // namespace

nlohmann::json plan_summary(const MigrationPlan& plan) {
    const PlanTraffic traffic = plan_traffic(plan);
    nlohmann::json head;
    head["format"] = "part-plan";
    head["version"] = kPlanFormatVersion;
    head["vertices"] = plan.num_vertices;
    head["old_parts"] = plan.old_parts;
    head["new_parts"] = plan.new_parts;
    head["ranks"] = plan.num_ranks();
    head["skeleton_ranks"] = traffic.skeleton_ranks;
    head["logical_to_physical"] = plan.new_part_rank;
    head["old_checksum"] = hex64(plan.old_checksum);
    head["new_checksum"] = hex64(plan.new_checksum);
    head["moved_vertices"] = traffic.moved_vertices;
    head["messages"] = plan.messages.size();
    head["max_messages_per_rank"] = traffic.max_messages_per_rank;
    head["checksum"] = "FNV-1a 64 over num_parts then each part id as int32 little-endian";
    return head;
}

std::string encode_body_prefix(const MigrationPlan& plan) {
    std::string body;
    body.reserve(64 + 4 * plan.new_part_rank.size() + 16 * plan.messages.size());
    put<std::int32_t>(body, plan.num_vertices);
    put<std::int32_t>(body, plan.old_parts);
    put<std::int32_t>(body, plan.new_parts);
    put<std::int32_t>(body, 0);
    put<std::uint64_t>(body, plan.old_checksum);
    put<std::uint64_t>(body, plan.new_checksum);
    put<std::int64_t>(body, std::int64_t(plan.messages.size()));
    put<std::int64_t>(body, plan.offsets.back());
    for (PartId r : plan.new_part_rank) put<std::int32_t>(body, r);
    for (std::size_t m = 0; m < plan.messages.size(); ++m) {
        put<std::int32_t>(body, plan.messages[m].source);
        put<std::int32_t>(body, plan.messages[m].destination);
        put<std::int64_t>(body, plan.offsets[m + 1] - plan.offsets[m]);
    }
    return body;
}

std::string format_plan_head(const MigrationPlan& plan, std::int64_t body_bytes,
                             std::uint64_t body_checksum) {
    std::string out(kMagic);
    out += std::to_string(kPlanFormatVersion) + "\n";
    out += plan_summary(plan).dump(2) + "\n";
    out +=
        std::string(kBodyMarker) + std::to_string(body_bytes) + " " + hex64(body_checksum) + "\n";
    return out;
}

std::string format_plan(const MigrationPlan& plan) {
    validate(plan);
    const std::string body = encode_body(plan);
    return format_plan_head(plan, std::int64_t(body.size()), fnv1a64(body)) + body;
}

void write_plan(const std::string& path, const MigrationPlan& plan) {
    write_file_atomically(path, format_plan(plan));
}

MigrationPlan parse_plan(std::string_view bytes, const std::string& name) {
    if (bytes.substr(0, kMagic.size()) != kMagic)
        throw InputError(name, 1, "not a migration plan: expected the first line '%PARTPLAN 1'");
    const std::size_t first_end = bytes.find('\n');
    const std::string version(bytes.substr(kMagic.size(), first_end == std::string_view::npos
                                                              ? std::string_view::npos
                                                              : first_end - kMagic.size()));
    if (version != std::to_string(kPlanFormatVersion))
        throw InputError(name, 1,
                         "plan format version '" + version + "' is not supported: expected " +
                             std::to_string(kPlanFormatVersion));
    // The body marker starts a line after the first; its line (or the last) names errors.
    const std::size_t found = bytes.find(std::string("\n").append(kBodyMarker), first_end);
    const std::size_t marker = found == std::string_view::npos ? found : found + 1;
    const std::int64_t line =
        2 + std::count(bytes.begin() + std::ptrdiff_t(std::min(first_end + 1, bytes.size())),
                       bytes.begin() + std::ptrdiff_t(std::min(marker, bytes.size())), '\n');
    if (marker == std::string_view::npos)
        throw InputError(name, line, "no '%%BODY' line: the plan is truncated");
    const std::string_view head_text = bytes.substr(first_end + 1, marker - first_end - 1);
    nlohmann::json head;
    try {
        head = nlohmann::json::parse(head_text);
    } catch (const nlohmann::json::exception& e) {
        throw InputError(name, 2, std::string("the JSON summary does not parse: ") + e.what());
    }
    const std::size_t marker_end = bytes.find('\n', marker);
    if (marker_end == std::string_view::npos)
        throw InputError(name, line, "the '%%BODY' line is truncated");
    const std::string marker_line(
        bytes.substr(marker + kBodyMarker.size(), marker_end - marker - kBodyMarker.size()));
    unsigned long long body_bytes = 0, checksum = 0;
    char trailing = 0;
    if (std::sscanf(marker_line.c_str(), "%llu %16llx%c", &body_bytes, &checksum, &trailing) != 2)
        throw InputError(name, line,
                         "expected '%%BODY <bytes> <16 hex digits>', found '%%BODY " + marker_line +
                             "'");
    const std::string_view body = bytes.substr(marker_end + 1);
    if (body.size() != body_bytes)
        throw InputError(name, line,
                         "the body has " + std::to_string(body.size()) +
                             " bytes but the plan says " + std::to_string(body_bytes) +
                             ": the file is truncated or corrupted");
    if (fnv1a64(body) != checksum)
        throw InputError(name, line,
                         "the body's checksum does not match: the plan file is corrupted");
    // Every index in the body (ranks, parts, vertices, offsets) is checked here, before
    // check_head's plan_summary indexes per-rank arrays by them.
    MigrationPlan plan = decode_body(body, name, line);
    try {
        validate(plan);
    } catch (const PlanError& e) {
        throw InputError(name, line, std::string("invalid plan body: ") + e.what());
    }
    check_head(head, head_text, plan, name);
    return plan;
}

MigrationPlan read_plan(const std::string& path) {
    return naming_file_when_memory_fails(path, [&] {
        MappedFile file(path);
        return parse_plan(file.text(), path);
    });
}

} // namespace part::formats
