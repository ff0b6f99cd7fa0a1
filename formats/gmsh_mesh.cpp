#include "formats/gmsh_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>

#include "formats/gmsh_element_types.hpp"
#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part::formats {

namespace {

// An element type the reader takes: the family of its corners, its node count and, for a
// higher-order one, where each of its nodes goes in VTK's order.
struct ElementType {
    CellType family;
    int num_nodes;
    const int* to_vtk; // null for a linear element
};

// Reorders a cell's nodes from gmsh's numbering to VTK's, which Mesh uses. A linear cell's
// differ only for prisms: gmsh's first triangle turns counter-clockwise seen from the second,
// VTK's clockwise (gmsh's own VTK export maps its nodes 0, 2, 1, 3, 5, 4 the same way); kept
// as they are, every prism would have a negative volume. Higher-order cells follow the
// generated table of gmsh_node_order.hpp.
void to_vtk_order(const ElementType& type, PointId* nodes) {
    if (type.to_vtk) {
        PointId gmsh[kMaxHighOrderNodes];
        std::copy_n(nodes, std::size_t(type.num_nodes), gmsh);
        for (int k = 0; k < type.num_nodes; ++k) nodes[k] = gmsh[type.to_vtk[k]];
        return;
    }
    if (type.family == CellType::Wedge) counter_clockwise_wedge_to_vtk(nodes);
}

std::string unsupported_type_message(std::int64_t code) {
    // Element types gmsh writes that have no VTK cell: incomplete (serendipity) cells of order
    // 3 and up (VTK's Lagrange cells are complete), pyramids beyond the 13-node one (VTK 9.1
    // has no Lagrange pyramid class).
    static const std::map<std::int64_t, const char*> kNames = {
        {14, "14-node second-order pyramid, which VTK has no cell for: mesh with "
             "-order 2 and Mesh.SecondOrderIncomplete=1 for 13-node pyramids"},
        {20, "9-node third-order incomplete triangle"},
        {22, "12-node fourth-order incomplete triangle"},
        {24, "15-node fifth-order incomplete triangle"},
        {39, "12-node third-order incomplete quadrangle"},
        {118, "30-node third-order pyramid, which VTK 9.1 has no cell for"},
        {119, "55-node fourth-order pyramid, which VTK 9.1 has no cell for"}};
    auto it = kNames.find(code);
    return "element type " + std::to_string(code) +
           (it != kNames.end() ? std::string(" (") + it->second + ")" : "") +
           " is not supported: expected gmsh types 1 (line), 2 (triangle), 3 (quadrangle), 4 "
           "(tetrahedron), 5 (hexahedron), 6 (prism), 7 (pyramid), 15 (point), their "
           "second-order forms 8-13 and 16-19, or the complete cells of order 3 to " +
           std::to_string(kMaxLagrangeOrder) +
           " of all but the pyramid (incomplete cells of order 3 and up, pyramids of order 3 "
           "and up and cells of order above " +
           std::to_string(kMaxLagrangeOrder) + " are not supported)";
}

// The element type of a gmsh element type code; an unsupported one fails at `where` (a
// LineReader or a BinaryCursor).
template <typename Where> ElementType element_type_of_gmsh(std::int64_t code, const Where& where) {
    if (const GmshElementType* linear = linear_gmsh_element(code))
        return {linear->family, linear->num_nodes, nullptr};
    const auto* type = std::ranges::find(kGmshHigherOrderTypes, code, &GmshHigherOrderType::code);
    if (type != std::end(kGmshHigherOrderTypes))
        return {type->family, type->num_nodes, type->to_vtk};
    where.fail(unsupported_type_message(code));
}

// Maps gmsh node tags to point indices: a dense table when the tags are compact, else a
// sorted list searched by bisection.
class NodeIndex {
  public:
    void reserve(std::size_t n) { tags_.reserve(n); }
    void add(std::int64_t tag) { tags_.push_back(tag); }
    std::size_t size() const { return tags_.size(); } // before build()
    // Returns the tag of a duplicate, or 0.
    std::int64_t build() {
        if (tags_.empty()) return 0;
        const auto [lo, hi] = std::minmax_element(tags_.begin(), tags_.end());
        min_ = *lo;
        max_ = *hi;
        // In unsigned arithmetic: tags far apart (of either sign) must not overflow the span.
        const std::uint64_t span = std::uint64_t(max_) - std::uint64_t(min_);
        if (span <= 4 * tags_.size() + 1024) {
            dense_.assign(std::size_t(span + 1), -1);
            for (std::size_t i = 0; i < tags_.size(); ++i) {
                PointId& slot = dense_[std::size_t(tags_[i] - min_)];
                if (slot >= 0) return tags_[i];
                slot = PointId(i);
            }
            tags_ = {};
            return 0;
        }
        sorted_.resize(tags_.size());
        for (std::size_t i = 0; i < tags_.size(); ++i) sorted_[i] = {tags_[i], PointId(i)};
        std::sort(sorted_.begin(), sorted_.end());
        for (std::size_t i = 1; i < sorted_.size(); ++i)
            if (sorted_[i].first == sorted_[i - 1].first) return sorted_[i].first;
        tags_ = {};
        return 0;
    }
    // Point index of a tag, or -1 when no node has it.
    PointId find(std::int64_t tag) const {
        if (tag < min_ || tag > max_) return -1;
        if (!dense_.empty()) return dense_[std::size_t(tag - min_)];
        auto it = std::lower_bound(sorted_.begin(), sorted_.end(),
                                   std::pair<std::int64_t, PointId>{tag, -1});
        return it != sorted_.end() && it->first == tag ? it->second : -1;
    }
    std::int64_t min_tag() const { return min_; }
    std::int64_t max_tag() const { return max_; }

  private:
    std::vector<std::int64_t> tags_;
    std::vector<PointId> dense_;
    std::vector<std::pair<std::int64_t, PointId>> sorted_;
    std::int64_t min_ = 1, max_ = 0;
};

// Fixed-size little-endian values inside a binary section, with bounds checks that report
// truncation naming the section and byte offset.
class BinaryCursor {
  public:
    BinaryCursor(std::string_view data, std::size_t pos, const LineReader& lines,
                 std::string section)
        : data_(data), pos_(pos), lines_(lines), section_(std::move(section)) {}
    template <typename T> T get(const char* what) {
        need(sizeof(T), what);
        T value;
        std::memcpy(&value, data_.data() + pos_, sizeof(T));
        pos_ += sizeof(T);
        return value;
    }
    void need(std::size_t bytes, const char* what) const {
        if (data_.size() - pos_ < bytes)
            fail(std::string("truncated file: ") + what + " needs " + std::to_string(bytes) +
                 " bytes but only " + std::to_string(data_.size() - pos_) + " remain");
    }
    const char* take(std::size_t bytes, const char* what) {
        need(bytes, what);
        const char* at = data_.data() + pos_;
        pos_ += bytes;
        return at;
    }
    std::size_t pos() const { return pos_; }
    [[noreturn]] void fail(const std::string& message) const {
        lines_.fail("in the binary " + section_ + " section at byte " + std::to_string(pos_) +
                    ": " + message);
    }

  private:
    std::string_view data_;
    std::size_t pos_;
    const LineReader& lines_;
    std::string section_;
};

// A format version as Gmsh writes it in $MeshFormat: "4.0", "2.2", "4.1".
std::string version_text(double version) {
    char text[32];
    const bool tenths = std::abs(version * 10 - std::round(version * 10)) < 1e-9;
    std::snprintf(text, sizeof text, tenths ? "%.1f" : "%g", version);
    return text;
}

} // namespace

} // namespace part::formats

// The 1.0 and 4.0 sections, which use the helpers above.
#include "formats/gmsh_legacy_sections.hpp"

namespace part::formats {

namespace {

class MshReader {
  public:
    MshReader(std::string_view data, const std::string& name, const MappedFile* source)
        : data_(data), lines_(data, name), source_(source) {}

    Mesh read() {
        std::string_view line;
        bool format_seen = false, nodes_seen = false, elements_seen = false;
        while (lines_.next(line)) {
            if (is_blank(line)) continue;
            if (line.front() != '$')
                lines_.fail("expected a section such as $Nodes, found '" + clip(line) + "'");
            const std::string section(line.substr(1));
            if (section == "MeshFormat") {
                read_format();
                format_seen = true;
                continue;
            }
            if (!format_seen && section == "NOD") {
                version_ = 1.0; // 1.0 files have no $MeshFormat
                format_seen = true;
            }
            if (!format_seen && section == "Comments") { // gmsh skips sections it does not know
                skip_section(section);
                continue;
            }
            if (!format_seen)
                lines_.fail("expected $MeshFormat first: this is not a gmsh .msh file");
            if (version_ == 1.0)
                Legacy::read_v1_section(*this, section, nodes_seen, elements_seen);
            else if (section == "Entities" && version_ >= 4)
                read_entities();
            else if (section == "PartitionedEntities" && version_ >= 4.1)
                read_partitioned_entities();
            else if (section == "PhysicalNames")
                read_physical_names();
            else if (section == "Nodes") {
                version_ == 4.0 ? Legacy::read_nodes_v40(*this)
                : version_ >= 4 ? read_nodes_v4()
                                : read_nodes_v2();
                nodes_seen = true;
            } else if (section == "Elements") {
                if (!nodes_seen) lines_.fail("$Elements comes before $Nodes");
                version_ == 4.0 ? Legacy::read_elements_v40(*this)
                : version_ >= 4 ? read_elements_v4()
                                : read_elements_v2();
                elements_seen = true;
            } else
                skip_section(section);
        }
        if (!format_seen) lines_.fail("empty file: expected a gmsh mesh starting with $MeshFormat");
        if (!nodes_seen || !elements_seen)
            throw InputError(lines_.file(), 0,
                             std::string("empty mesh: no ") +
                                 (nodes_seen ? "$Elements" : "$Nodes") + " section");
        if (source_) source_->release_before(data_.size()); // the text is not read again
        set_dimension_from_points(mesh_);
        // Each tag list is freed once copied, so that at most one is held twice.
        mesh_.cell_data.push_back(MeshArray::from_values("gmsh:physical", 1, physical_));
        physical_ = {};
        mesh_.cell_data.push_back(MeshArray::from_values("gmsh:geometrical", 1, geometrical_));
        geometrical_ = {};
        if (top_dimension(mesh_) == 0)
            throw InputError(lines_.file(), 0,
                             "empty mesh: no lines, surface or volume elements (" +
                                 std::to_string(mesh_.num_cells()) +
                                 " point elements); supported cells: " + supported_cell_names());
        return std::move(mesh_);
    }

  private:
    using Legacy = GmshLegacySections<MshReader>;
    friend Legacy;

    static std::string clip(std::string_view s) { return std::string(s.substr(0, 40)); }

    void expect_end(const std::string& section) { expect_line("$End" + section); }
    // The line `end` after blank lines (1.0 ends its sections in capitals: $ENDNOD, $ENDELM).
    void expect_line(const std::string& end) {
        std::string_view line;
        while (lines_.next(line)) {
            if (is_blank(line)) continue;
            if (line == end) return;
            lines_.fail("expected " + end + ", found '" + clip(line) + "'" +
                        (binary_ ? " (the binary data is corrupted or has the wrong length)"
                                 : " (the section holds more entries than its header announces)"));
        }
        lines_.fail("file ends before " + end + ": the file is truncated");
    }

    // Lines 'dim tag "name"' after a count, in ASCII in binary files too.
    void read_physical_names() {
        FieldCursor header(data_line("the physical name count"), lines_);
        const std::int64_t count = header.integer("the physical name count");
        if (count < 0 || std::size_t(count) > data_.size())
            lines_.fail("physical name count " + std::to_string(count) + " is out of range");
        for (std::int64_t i = 0; i < count; ++i) {
            const std::string_view line = data_line("a physical name 'dim tag \"name\"'");
            const std::size_t open = line.find('"'), close = line.rfind('"');
            if (open == std::string_view::npos || close == open)
                lines_.fail("expected a physical name 'dim tag \"name\"', found '" + clip(line) +
                            "'");
            FieldCursor fields(line.substr(0, open), lines_);
            PhysicalGroup group;
            group.dim = int(fields.integer("the physical group's dimension"));
            const std::int64_t tag = fields.integer("the physical tag");
            // gmsh itself takes any dimension; -1 (no dimension) appears in files in use.
            if (group.dim < -1 || group.dim > 3 || tag < INT32_MIN || tag > INT32_MAX ||
                !fields.at_end())
                lines_.fail("expected a physical name 'dim tag \"name\"' with dimension -1..3 "
                            "and a 32-bit tag, found '" +
                            clip(line) + "'");
            group.tag = std::int32_t(tag);
            group.name = std::string(line.substr(open + 1, close - open - 1));
            mesh_.physical_groups.push_back(std::move(group));
        }
        expect_end("PhysicalNames");
    }

    void skip_section(const std::string& section) {
        const std::string end = "\n$End" + section;
        const std::size_t at = data_.find(end, lines_.offset() == 0 ? 0 : lines_.offset() - 1);
        if (at == std::string_view::npos)
            lines_.fail("file ends before $End" + section + ": the file is truncated");
        // Count the skipped lines so later line numbers stay right.
        std::string_view line;
        while (lines_.offset() <= at && lines_.next(line)) {
        }
        expect_end(section);
    }

    std::string_view data_line(const char* what) {
        std::string_view line;
        if (!lines_.next(line))
            lines_.fail(std::string("file ends where ") + what + " was expected: truncated file");
        return line;
    }

    void read_format() {
        FieldCursor fields(data_line("'version file-type data-size'"), lines_);
        version_ = fields.real("the format version");
        const std::int64_t file_type = fields.integer("the file type (0 ASCII, 1 binary)");
        const std::int64_t data_size = fields.integer("the data size");
        if (version_ != 2.2 && version_ != 4.1 && version_ != 4.0 && version_ != 2.0 &&
            version_ != 2.1)
            lines_.fail("Gmsh .msh version " + version_text(version_) +
                        " is not supported: expected version 1.0, 2.0, 2.1, 2.2, 4.0 or 4.1 (gmsh "
                        "FILE -save -format msh41 -o NEW.msh rewrites it)");
        if (file_type != 0 && file_type != 1)
            lines_.fail("file type must be 0 (ASCII) or 1 (binary)");
        binary_ = file_type == 1;
        if (binary_ && data_size != 8)
            lines_.fail("binary files with data size " + std::to_string(data_size) +
                        " are not supported: expected 8");
        if (binary_) {
            BinaryCursor bin(data_, lines_.offset(), lines_, "$MeshFormat");
            if (bin.get<std::int32_t>("the endianness check") != 1)
                bin.fail("the endianness check is not 1: the file is big-endian or corrupted");
            lines_.seek(bin.pos());
        }
        expect_end("MeshFormat");
    }

    // Binary sections of version 4 use size_t counts; negative or absurd values mean corruption.
    std::int64_t count(BinaryCursor& bin, const char* what) {
        const auto v = bin.get<std::uint64_t>(what);
        if (v > data_.size())
            bin.fail(std::string(what) + " is " + std::to_string(v) + ": the file is corrupted");
        return std::int64_t(v);
    }

    // Values an entity's box takes: 4.1 gives points their coordinates only, 4.0 a box.
    int box_values(int dim) const { return dim == 0 && version_ != 4.0 ? 3 : 6; }

    // The rest of a binary (model or partitioned) entity after its tags: its box, physical
    // tags, of which it returns the first (0 when none), and bounding entities.
    std::int32_t binary_entity_physical(BinaryCursor& bin, int dim) {
        bin.take(sizeof(double) * box_values(dim), "the entity bounding box");
        const std::int64_t nphys = count(bin, "a physical tag count");
        const char* phys = bin.take(std::size_t(nphys) * 4, "the physical tags");
        std::int32_t first = 0;
        if (nphys > 0) std::memcpy(&first, phys, 4);
        if (dim > 0)
            bin.take(std::size_t(count(bin, "a bounding entity count")) * 4,
                     "the bounding entities");
        return first;
    }

    // The same for an ASCII entity line; its bounding entities are left unread.
    std::int32_t ascii_entity_physical(FieldCursor& fields, int dim) {
        for (int k = 0; k < box_values(dim); ++k) fields.real("an entity coordinate");
        const auto nphys = fields.integer("a physical tag count");
        std::int64_t first = 0;
        for (std::int64_t k = 0; k < nphys; ++k) {
            const auto phys = fields.integer("a physical tag");
            if (k == 0) first = phys;
        }
        return std::int32_t(first);
    }

    // Reads the four entity counts (points, curves, surfaces, volumes) of a binary
    // $Entities or $PartitionedEntities, then calls read(dim) for each entity.
    template <typename Read> void for_each_binary_entity(BinaryCursor& bin, Read&& read) {
        std::int64_t counts[4];
        for (auto& c : counts) c = count(bin, "an entity count");
        for (int dim = 0; dim < 4; ++dim)
            for (std::int64_t e = 0; e < counts[dim]; ++e) read(dim);
    }

    // The same for ASCII, one entity a line: calls read(fields, dim) with each line's fields.
    template <typename Read> void for_each_ascii_entity(const char* what, Read&& read) {
        FieldCursor header(data_line("the entity counts"), lines_);
        std::int64_t counts[4];
        for (auto& c : counts) c = header.integer("an entity count");
        for (int dim = 0; dim < 4; ++dim)
            for (std::int64_t e = 0; e < counts[dim]; ++e) {
                FieldCursor fields(data_line(what), lines_);
                read(fields, dim);
            }
    }

    void read_entities() {
        if (binary_) {
            BinaryCursor bin(data_, lines_.offset(), lines_, "$Entities");
            for_each_binary_entity(bin, [&](int dim) {
                const auto tag = bin.get<std::int32_t>("an entity tag");
                entity_physical_[{dim, tag}] = binary_entity_physical(bin, dim);
            });
            lines_.seek(bin.pos());
        } else {
            for_each_ascii_entity("an entity", [&](FieldCursor& fields, int dim) {
                const auto tag = fields.integer("an entity tag");
                entity_physical_[{dim, int(tag)}] = ascii_entity_physical(fields, dim);
            });
        }
        expect_end("Entities");
    }

    // A partitioned mesh (gmsh -part) puts its elements in partitioned entities, which list
    // their physical tags as model entities do (gmsh's manual, MSH 4.1 $PartitionedEntities):
    // numPartitions, ghost entities (tag, partition), the four counts, then per entity its
    // tag, parent's dimension and tag, partitions, box, physical tags and bounding entities.
    void read_partitioned_entities() {
        if (binary_) {
            BinaryCursor bin(data_, lines_.offset(), lines_, "$PartitionedEntities");
            count(bin, "the partition count");
            bin.take(std::size_t(count(bin, "a ghost entity count")) * 8, "the ghost entities");
            for_each_binary_entity(bin, [&](int dim) {
                const auto tag = bin.get<std::int32_t>("an entity tag");
                bin.take(8, "the parent entity");
                bin.take(std::size_t(count(bin, "a partition count")) * 4, "the partitions");
                entity_physical_[{dim, tag}] = binary_entity_physical(bin, dim);
            });
            lines_.seek(bin.pos());
        } else {
            FieldCursor(data_line("the partition count"), lines_).integer("the partition count");
            const std::int64_t ghosts = FieldCursor(data_line("the ghost entity count"), lines_)
                                            .integer("the ghost entity count");
            for (std::int64_t g = 0; g < ghosts; ++g) data_line("a ghost entity");
            for_each_ascii_entity("a partitioned entity", [&](FieldCursor& fields, int dim) {
                const auto tag = fields.integer("an entity tag");
                fields.integer("the parent entity's dimension");
                fields.integer("the parent entity's tag");
                const auto partitions = fields.integer("a partition count");
                for (std::int64_t k = 0; k < partitions; ++k) fields.integer("a partition");
                entity_physical_[{dim, int(tag)}] = ascii_entity_physical(fields, dim);
            });
        }
        expect_end("PartitionedEntities");
    }

    void add_point(std::int64_t tag, const double xyz[3]) {
        nodes_.add(tag);
        mesh_.points.insert(mesh_.points.end(), xyz, xyz + 3);
    }

    // A node line 'tag x y z'; `what` names it in errors.
    void read_ascii_node(const char* what) {
        FieldCursor fields(data_line(what), lines_);
        const std::int64_t tag = fields.integer("a node id");
        double xyz[3];
        for (double& x : xyz) x = fields.real("a node coordinate");
        add_point(tag, xyz);
    }

    // Binary nodes of versions 2 and 4.0: int tag, x, y, z.
    static constexpr std::size_t kNodeRecord = 4 + 3 * sizeof(double);
    void add_node_records(const char* records, std::int64_t n) {
        for (std::int64_t i = 0; i < n; ++i) {
            std::int32_t tag;
            double xyz[3];
            std::memcpy(&tag, records + std::size_t(i) * kNodeRecord, 4);
            std::memcpy(xyz, records + std::size_t(i) * kNodeRecord + 4, sizeof xyz);
            add_point(tag, xyz);
        }
    }

    void read_nodes_v4() {
        std::int64_t blocks = 0, total = 0;
        if (binary_) {
            BinaryCursor bin(data_, lines_.offset(), lines_, "$Nodes");
            blocks = count(bin, "the node block count");
            total = count(bin, "the node count");
            bin.take(16, "the node tag range");
            reserve_points(total);
            for (std::int64_t b = 0; b < blocks; ++b) {
                bin.get<std::int32_t>("the block's entity dimension");
                bin.get<std::int32_t>("the block's entity tag");
                const auto parametric = bin.get<std::int32_t>("the block's parametric flag");
                const std::int64_t n = count(bin, "the block's node count");
                const char* tags = bin.take(std::size_t(n) * 8, "the block's node tags");
                if (parametric != 0) bin.fail("parametric node coordinates are not supported");
                const char* coords = bin.take(std::size_t(n) * 24, "the block's node coordinates");
                for (std::int64_t i = 0; i < n; ++i) {
                    std::uint64_t tag;
                    double xyz[3];
                    std::memcpy(&tag, tags + i * 8, 8);
                    std::memcpy(xyz, coords + i * 24, 24);
                    add_point(std::int64_t(tag), xyz);
                }
            }
            lines_.seek(bin.pos());
        } else {
            FieldCursor header(data_line("'numEntityBlocks numNodes minNodeTag maxNodeTag'"),
                               lines_);
            blocks = header.integer("the node block count");
            total = header.integer("the node count");
            reserve_points(total);
            for (std::int64_t b = 0; b < blocks; ++b) {
                FieldCursor block(data_line("a node block header"), lines_);
                block.integer("the block's entity dimension");
                block.integer("the block's entity tag");
                if (block.integer("the block's parametric flag") != 0)
                    lines_.fail("parametric node coordinates are not supported");
                const std::int64_t n = block.integer("the block's node count");
                for (std::int64_t i = 0; i < n; ++i) {
                    FieldCursor fields(data_line("a node tag"), lines_);
                    nodes_.add(fields.integer("a node tag"));
                }
                for (std::int64_t i = 0; i < n; ++i) {
                    FieldCursor fields(data_line("node coordinates 'x y z'"), lines_);
                    for (int a = 0; a < 3; ++a)
                        mesh_.points.push_back(fields.real("a node coordinate"));
                }
            }
        }
        check_node_total(total, lines_);
        expect_end("Nodes");
        index_nodes();
    }

    void read_nodes_v2() {
        FieldCursor header(data_line("the node count"), lines_);
        const std::int64_t total = header.integer("the node count");
        reserve_points(total);
        if (binary_) {
            BinaryCursor bin(data_, lines_.offset(), lines_, "$Nodes");
            add_node_records(
                bin.take(std::size_t(total) * kNodeRecord, "the node records (int id, 3 doubles)"),
                total);
            lines_.seek(bin.pos());
        } else {
            for (std::int64_t i = 0; i < total; ++i) read_ascii_node("a node 'id x y z'");
        }
        expect_end("Nodes");
        index_nodes();
    }

    template <typename Where> void check_node_total(std::int64_t total, const Where& where) const {
        if (std::int64_t(nodes_.size()) != total)
            where.fail("the $Nodes header announces " + std::to_string(total) +
                       " nodes but the blocks hold " + std::to_string(nodes_.size()));
    }

    template <typename Where>
    static void check_element_total(std::int64_t total, std::int64_t seen, const Where& where) {
        if (seen != total)
            where.fail("the $Elements header announces " + std::to_string(total) +
                       " elements but the blocks hold " + std::to_string(seen));
    }

    void reserve_points(std::int64_t total) {
        if (total < 0 || total > INT32_MAX - 1)
            lines_.fail("node count " + std::to_string(total) + " is out of range");
        // A node takes at least a few bytes, which bounds a corrupted count.
        const std::size_t n = std::min<std::size_t>(std::size_t(total), data_.size() / 4);
        nodes_.reserve(n);
        mesh_.points.reserve(3 * n);
    }

    void index_nodes() {
        mesh_.point_count = PointId(nodes_.size());
        if (const std::int64_t dup = nodes_.build())
            lines_.fail("node tag " + std::to_string(dup) + " is defined twice in $Nodes");
    }

    // Point index of a node tag used by `element`; fails at `where` naming both when the tag
    // is unknown.
    template <typename Where>
    PointId point_of(std::int64_t tag, std::int64_t element, const Where& where) const {
        const PointId p = nodes_.find(tag);
        if (p >= 0) return p;
        if (tag < nodes_.min_tag() || tag > nodes_.max_tag())
            where.fail("element " + std::to_string(element) + " refers to node " +
                       std::to_string(tag) + ", out of range: the nodes have tags " +
                       std::to_string(nodes_.min_tag()) + ".." + std::to_string(nodes_.max_tag()));
        where.fail("element " + std::to_string(element) + " refers to node " + std::to_string(tag) +
                   ", which $Nodes does not define (missing node)");
    }

    template <typename Where> void add_element_tag(std::int64_t tag, const Where& where) {
        if (tag < 1)
            where.fail("element tag " + std::to_string(tag) +
                       " is not positive: gmsh element tags are 1 or more" +
                       (binary_ ? " (the binary data is corrupted)" : ""));
        element_tags_.push_back(tag);
    }

    // An element of a binary block: its tag, its nodes' tags and the cell they make.
    template <typename Word>
    void add_binary_element(std::int64_t tag, const Word* node_tags, const ElementType& type,
                            std::int32_t physical, std::int32_t entity, const BinaryCursor& bin) {
        add_element_tag(tag, bin);
        PointId nodes[kMaxHighOrderNodes];
        for (int k = 0; k < type.num_nodes; ++k)
            nodes[k] = point_of(std::int64_t(node_tags[k]), tag, bin);
        add_cell(type, nodes, physical, entity);
    }

    // gmsh makes element tags unique: a repeated tag is the sign of a corrupted binary block
    // whose records happen to line up again (bytes inserted or lost that are a multiple of a
    // record long).
    void check_unique_element_tags() {
        std::vector<std::int64_t> tags = std::move(element_tags_);
        element_tags_ = {};
        std::sort(tags.begin(), tags.end());
        const auto twice = std::adjacent_find(tags.begin(), tags.end());
        if (twice != tags.end())
            lines_.fail("element tag " + std::to_string(*twice) +
                        " is used twice in $Elements: gmsh element tags are unique" +
                        (binary_ ? " (the binary data is corrupted or has the wrong length)" : ""));
    }

    // The cell of an ASCII element line whose nodes are left on the line (`nodes_name`,
    // `node_name`: what the format calls them).
    void add_ascii_element(FieldCursor& fields, std::int64_t tag, const ElementType& type,
                           const char* nodes_name, const char* node_name, std::int32_t physical,
                           std::int32_t entity) {
        const int want = type.num_nodes;
        const std::size_t have = fields.count_remaining();
        if (have != std::size_t(want))
            lines_.fail("element " + std::to_string(tag) + " has " + std::to_string(have) + " " +
                        nodes_name + " but a " + cell_form_name(type.family, want) + " needs " +
                        std::to_string(want) +
                        (have < std::size_t(want) ? " (missing nodes)" : ""));
        PointId nodes[kMaxHighOrderNodes];
        for (int k = 0; k < want; ++k) nodes[k] = point_of(fields.integer(node_name), tag, lines_);
        add_cell(type, nodes, physical, entity);
        release_consumed(lines_.offset());
    }

    // A 4.x binary block's `n` elements: each its tag and node tags as `Word`s (4.0 writes
    // 4-byte ones, 4.1 8-byte).
    template <typename Word>
    void read_binary_block(BinaryCursor& bin, std::int64_t n, const ElementType& type,
                           std::int32_t physical, std::int32_t entity) {
        const std::size_t stride = std::size_t(1 + type.num_nodes) * sizeof(Word);
        const char* records = bin.take(std::size_t(n) * stride, "the block's elements");
        for (std::int64_t i = 0; i < n; ++i) {
            Word values[1 + kMaxHighOrderNodes];
            std::memcpy(values, records + std::size_t(i) * stride, stride);
            add_binary_element(std::int64_t(values[0]), values + 1, type, physical, entity, bin);
            release_consumed(std::size_t(records - data_.data()) + std::size_t(i) * stride);
        }
    }

    // A 4.x ASCII block's `n` element lines 'tag node...'.
    void read_ascii_block(std::int64_t n, const ElementType& type, std::int32_t physical,
                          std::int32_t entity) {
        for (std::int64_t i = 0; i < n; ++i) {
            FieldCursor fields(data_line("an element 'tag node...'"), lines_);
            const std::int64_t tag = fields.integer("an element tag");
            add_element_tag(tag, lines_);
            add_ascii_element(fields, tag, type, "node tags", "a node tag", physical, entity);
        }
    }

    void add_cell(const ElementType& type, PointId* nodes, std::int32_t physical,
                  std::int32_t entity) {
        to_vtk_order(type, nodes);
        mesh_.add_cell(type.family, {nodes, std::size_t(type.num_nodes)});
        physical_.push_back(physical);
        geometrical_.push_back(entity);
    }

    void read_elements_v4() {
        if (binary_) {
            BinaryCursor bin(data_, lines_.offset(), lines_, "$Elements");
            const std::int64_t blocks = count(bin, "the element block count");
            const std::int64_t total = count(bin, "the element count");
            bin.take(16, "the element tag range");
            reserve_cells(total);
            std::int64_t seen = 0;
            for (std::int64_t b = 0; b < blocks; ++b) {
                const auto dim = bin.get<std::int32_t>("the block's entity dimension");
                const auto entity = bin.get<std::int32_t>("the block's entity tag");
                const auto code = bin.get<std::int32_t>("the block's element type");
                const std::int64_t n = count(bin, "the block's element count");
                const ElementType type = element_type_of_gmsh(code, bin);
                read_binary_block<std::uint64_t>(bin, n, type, physical_of(dim, entity), entity);
                seen += n;
            }
            if (seen != total)
                bin.fail("the header announces " + std::to_string(total) +
                         " elements but the blocks hold " + std::to_string(seen));
            lines_.seek(bin.pos());
        } else {
            FieldCursor header(
                data_line("'numEntityBlocks numElements minElementTag maxElementTag'"), lines_);
            const std::int64_t blocks = header.integer("the element block count");
            const std::int64_t total = header.integer("the element count");
            reserve_cells(total);
            std::int64_t seen = 0;
            for (std::int64_t b = 0; b < blocks; ++b) {
                FieldCursor block(data_line("an element block header"), lines_);
                const auto dim = block.integer("the block's entity dimension");
                const auto entity = std::int32_t(block.integer("the block's entity tag"));
                const auto code = block.integer("the block's element type");
                const std::int64_t n = block.integer("the block's element count");
                const ElementType type = element_type_of_gmsh(code, lines_);
                read_ascii_block(n, type, physical_of(int(dim), entity), entity);
                seen += n;
            }
            check_element_total(total, seen, lines_);
        }
        check_unique_element_tags();
        expect_end("Elements");
    }

    void read_elements_v2() {
        FieldCursor header(data_line("the element count"), lines_);
        const std::int64_t total = header.integer("the element count");
        reserve_cells(total);
        if (binary_) {
            BinaryCursor bin(data_, lines_.offset(), lines_, "$Elements");
            std::int64_t seen = 0;
            while (seen < total) {
                const auto code = bin.get<std::int32_t>("an element block's type");
                const auto n = bin.get<std::int32_t>("an element block's count");
                const auto ntags = bin.get<std::int32_t>("an element block's tag count");
                const ElementType type = element_type_of_gmsh(code, bin);
                if (n < 0 || n > total - seen || ntags < 0 || ntags > 64)
                    bin.fail("element block header (count " + std::to_string(n) + ", tags " +
                             std::to_string(ntags) + ") is corrupted");
                const std::size_t ints = std::size_t(1 + ntags + type.num_nodes);
                const char* records = bin.take(std::size_t(n) * ints * 4, "the block's elements");
                for (std::int32_t i = 0; i < n; ++i) {
                    std::int32_t values[1 + 64 + kMaxHighOrderNodes];
                    std::memcpy(values, records + std::size_t(i) * ints * 4, ints * 4);
                    add_binary_element(values[0], values + 1 + ntags, type,
                                       ntags > 0 ? values[1] : 0, ntags > 1 ? values[2] : 0, bin);
                }
                seen += n;
            }
            lines_.seek(bin.pos());
        } else {
            for (std::int64_t e = 0; e < total; ++e) {
                FieldCursor fields(data_line("an element 'id type ntags tags... nodes...'"),
                                   lines_);
                const std::int64_t tag = fields.integer("an element id");
                add_element_tag(tag, lines_);
                const std::int64_t code = fields.integer("an element type");
                const std::int64_t ntags = fields.integer("a tag count");
                const ElementType type = element_type_of_gmsh(code, lines_);
                if (ntags < 0 || std::size_t(ntags) > fields.count_remaining())
                    lines_.fail("element " + std::to_string(tag) + " announces " +
                                std::to_string(ntags) + " tags but the line is shorter");
                std::int64_t physical = 0, entity = 0;
                for (std::int64_t k = 0; k < ntags; ++k) {
                    const std::int64_t t = fields.integer("an element tag");
                    if (k == 0) physical = t;
                    if (k == 1) entity = t;
                }
                add_ascii_element(fields, tag, type, "node ids", "a node id",
                                  std::int32_t(physical), std::int32_t(entity));
            }
        }
        check_unique_element_tags();
        expect_end("Elements");
    }

    void reserve_cells(std::int64_t total) {
        if (total < 0 || total > INT32_MAX - 1)
            lines_.fail("element count " + std::to_string(total) + " is out of range");
        const std::size_t n = std::min<std::size_t>(std::size_t(total), data_.size() / 8);
        mesh_.cell_types.reserve(n);
        mesh_.cell_offsets.reserve(n + 1);
        mesh_.cell_nodes.reserve(n * 4);
        physical_.reserve(n);
        geometrical_.reserve(n);
    }

    std::int32_t physical_of(int dim, int entity) const {
        auto it = entity_physical_.find({dim, entity});
        return it == entity_physical_.end() ? 0 : it->second;
    }

    // Lets the mapped input go once the parser is past it.
    void release_consumed(std::size_t offset) {
        if (source_) source_->release_parsed(offset);
    }

    std::string_view data_;
    LineReader lines_;
    const MappedFile* source_;
    double version_ = 0;
    bool binary_ = false;
    std::map<std::pair<int, int>, std::int32_t> entity_physical_;
    NodeIndex nodes_;
    std::vector<std::int64_t> element_tags_;
    Mesh mesh_;
    std::vector<std::int32_t> physical_, geometrical_;
};

} // namespace

Mesh parse_gmsh_mesh(std::string_view data, const std::string& name) {
    return MshReader(data, name, nullptr).read();
}

Mesh read_gmsh_mesh(const std::string& path) {
    MappedFile file(path);
    return MshReader(file.text(), path, &file).read();
}

} // namespace part::formats
