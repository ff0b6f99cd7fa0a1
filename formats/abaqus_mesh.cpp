#include "formats/abaqus_mesh.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

#include "formats/label_index.hpp"
#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "formats/wedge_order.hpp"
#include "libpart/mesh/mesh.hpp"

namespace part::formats {

namespace {

// Element type names by the family of their corners and, for second-order elements, their node
// count. Abaqus numbers the nodes of its second-order elements as VTK's quadratic
// cells do (Abaqus Analysis User's Guide, "Three-dimensional solid element library" and
// "Two-dimensional solid element library": corners, then the edges' middle nodes in the same
// edge order); the prism's triangles turn the other way, as its linear one's.
struct AbaqusTypes {
    CellType type;
    int num_nodes;          // 0: linear
    std::string_view names; // separated by spaces
};
constexpr AbaqusTypes kAbaqusTypes[] = {
    {CellType::Tetrahedron, 0, "C3D4 DC3D4"},
    {CellType::Pyramid, 0, "C3D5"},
    {CellType::Wedge, 0, "C3D6 DC3D6"},
    {CellType::Hexahedron, 0, "C3D8 DC3D8"},
    {CellType::Triangle, 0, "CPS3 CPE3 CAX3 CGAX3 DC2D3 DCAX3 M3D3 SFM3D3 R3D3 S3 STRI3 DS3"},
    {CellType::Quadrilateral, 0, "CPS4 CPE4 CAX4 CGAX4 DC2D4 DCAX4 M3D4 SFM3D4 R3D4 S4 S4R5 DS4"},
    {CellType::Line, 0, "T2D2 T3D2 B21 B31 R2D2 RB2D2 RB3D2 DC1D2"},
    {CellType::Tetrahedron, 10, "C3D10 DC3D10"},
    {CellType::Wedge, 15, "C3D15 DC3D15"},
    {CellType::Hexahedron, 20, "C3D20 DC3D20"},
    {CellType::Triangle, 6, "CPS6 CPE6 CAX6 DC2D6 STRI65 S6 M3D6"},
    {CellType::Quadrilateral, 8, "CPS8 CPE8 CAX8 DC2D8 S8 S8R5 M3D8"},
    {CellType::Quadrilateral, 9, "S9R5 M3D9"},
    {CellType::Line, 3, "T2D3 T3D3 B22 B32"}};

// What an element is: its family and node count (two bytes per element of a large file).
struct ElementForm {
    CellType type;
    std::uint8_t num_nodes;
};

std::string upper(std::string_view s) {
    std::string u(s);
    std::transform(u.begin(), u.end(), u.begin(),
                   [](unsigned char c) { return char(std::toupper(c)); });
    return u;
}

// The element type of an element type name; a variant's letters after the base name (C3D8R,
// C3D8RH, S4R, B31OS, C3D10M) do not change the shape.
std::optional<ElementForm> abaqus_cell_type(const std::string& name) {
    std::string_view base = name;
    for (int pass = 0; pass < 2; ++pass) {
        for (const AbaqusTypes& t : kAbaqusTypes)
            if (is_one_of(base, t.names))
                return ElementForm{
                    t.type, std::uint8_t(t.num_nodes ? t.num_nodes : cell_num_nodes(t.type))};
        while (!base.empty() && std::isalpha(static_cast<unsigned char>(base.back())))
            base.remove_suffix(1);
    }
    return std::nullopt;
}

// The comma-separated fields of a line, trimmed; a trailing comma adds no empty field.
std::vector<std::string_view> comma_fields(std::string_view line) {
    std::vector<std::string_view> fields;
    for (std::size_t start = 0;;) {
        const std::size_t comma = line.find(',', start);
        const std::string_view field = trimmed(line.substr(start, comma - start));
        if (comma == std::string_view::npos) {
            if (!field.empty() || fields.empty()) fields.push_back(field);
            return fields;
        }
        fields.push_back(field);
        start = comma + 1;
    }
}

// A keyword line "*NAME, KEY=value, FLAG": the name and the parameters, upper-cased (values
// keep their case: set names are matched without it).
struct Keyword {
    std::string name;
    std::map<std::string, std::string> parameters;
    std::string parameter(const std::string& key) const {
        const auto it = parameters.find(key);
        return it == parameters.end() ? std::string() : it->second;
    }
};

Keyword keyword_of(std::string_view line) {
    const std::vector<std::string_view> fields = comma_fields(line.substr(1));
    Keyword k{upper(fields.front()), {}};
    for (std::size_t i = 1; i < fields.size(); ++i) {
        const std::size_t eq = fields[i].find('=');
        k.parameters[upper(trimmed(fields[i].substr(0, eq)))] =
            eq == std::string_view::npos ? "" : std::string(trimmed(fields[i].substr(eq + 1)));
    }
    return k;
}

// A set of elements (*ELSET, or the ELSET of an *ELEMENT) by its labels.
struct ElementSet {
    std::string name;
    std::vector<std::int64_t> members;
    bool listed = false;   // defined by an *ELSET: its members' tag before their *ELEMENT's
    std::int64_t line = 0; // the (last) *ELSET defining it
};

class AbaqusParser {
  public:
    AbaqusParser(std::string_view text, const std::string& name) : lines_(text, name) {}

    Mesh parse() {
        std::string_view line;
        while (lines_.next(line)) {
            if (is_blank(line) || line.starts_with("**")) continue;
            if (line.front() == '*')
                begin_section(keyword_of(line));
            else
                read_data(line);
        }
        if (types_.empty()) lines_.fail("file ends without *ELEMENT data: expected a mesh");
        if (pending_ > 0) lines_.fail("file ends inside an element: expected its node ids");
        return finish();
    }

  private:
    enum class Section { Skipped, Nodes, Elements, Set };

    void begin_section(const Keyword& k) {
        if (pending_ > 0) lines_.fail("*" + k.name + " inside an element: expected its node ids");
        section_ = Section::Skipped;
        if (k.name == "NODE") {
            section_ = Section::Nodes;
        } else if (k.name == "ELEMENT") {
            begin_elements(k);
        } else if (k.name == "ELSET") {
            section_ = Section::Set;
            set_ = set_index(required(k, "ELSET"));
            sets_[set_].listed = true;
            sets_[set_].line = lines_.line_number();
            generate_ = k.parameters.contains("GENERATE");
        } else if (k.name == "INCLUDE") {
            lines_.fail("*INCLUDE is not read: expected the whole mesh in one file");
        } else if (k.name == "PART" || k.name == "INSTANCE") {
            if (++(k.name == "PART" ? parts_ : instances_) > 1)
                lines_.fail("a second *" + k.name +
                            ": files with several parts or instances are not read (their ids "
                            "overlap); export the assembly's mesh as one part");
        }
    }

    void begin_elements(const Keyword& k) {
        const std::string name = upper(required(k, "TYPE"));
        const auto type = abaqus_cell_type(name);
        if (!type)
            lines_.fail("element type " + name +
                        " is not read: expected a linear or second-order solid (C3D4, C3D5, C3D6, "
                        "C3D8, C3D10, C3D15, C3D20), planar, shell or membrane element (CPS3, "
                        "CPE4, CAX4, S3, S4R, M3D4, CPS6, S8R, ...) or a 2- or 3-node truss or "
                        "beam (T3D2, B31, B32, ...)");
        section_ = Section::Elements;
        type_ = *type;
        const std::string set = k.parameter("ELSET");
        element_set_ = set.empty() ? -1 : std::int32_t(set_index(set));
    }

    // "tetrahedron", "quadratic tetrahedron": what the current *ELEMENT block makes.
    const char* type_name() const { return cell_form_name(type_.type, type_.num_nodes); }

    std::string required(const Keyword& k, const std::string& key) const {
        const std::string value = k.parameter(key);
        if (value.empty()) lines_.fail("*" + k.name + " without " + key + "=");
        return value;
    }

    std::size_t set_index(const std::string& name) {
        const auto [it, added] = set_of_name_.try_emplace(upper(name), sets_.size());
        if (added) sets_.push_back({name, {}, false, 0});
        return it->second;
    }

    void read_data(std::string_view line) {
        if (section_ == Section::Nodes)
            read_node(comma_fields(line));
        else if (section_ == Section::Elements)
            read_element(comma_fields(line), trimmed(line).ends_with(','));
        else if (section_ == Section::Set)
            read_set(comma_fields(line));
    }

    std::int64_t label(std::string_view field, const char* what) const {
        const auto id = lines_.number<std::int64_t>(field, what);
        if (id < 1)
            lines_.fail(std::string(what) + " " + std::to_string(id) + ": expected a positive id");
        return id;
    }

    void read_node(const std::vector<std::string_view>& fields) {
        if (fields.size() < 3 || fields.size() > 4)
            lines_.fail("expected a node 'id, x, y[, z]', found " + std::to_string(fields.size()) +
                        " fields");
        nodes_.add(label(fields[0], "a node id"), lines_.line_number());
        for (std::size_t a = 1; a < 4; ++a)
            points_.push_back(a < fields.size() ? lines_.number<double>(fields[a], "a coordinate")
                                                : 0.0);
    }

    // Fields of one element, continued over lines that end in a comma.
    void read_element(const std::vector<std::string_view>& fields, bool continues) {
        std::size_t i = 0;
        if (pending_ == 0) {
            element_ids_.push_back(label(fields[0], "an element id"));
            elements_.add(element_ids_.back(), lines_.line_number());
            types_.push_back(type_);
            element_sets_.push_back(element_set_);
            if (element_set_ >= 0)
                sets_[std::size_t(element_set_)].members.push_back(element_ids_.back());
            pending_ = type_.num_nodes;
            i = 1;
        }
        for (; i < fields.size(); ++i) {
            if (pending_ == 0)
                lines_.fail(std::string("a ") + type_name() + " element has " +
                            std::to_string(type_.num_nodes) + " node ids, found more");
            element_nodes_.push_back(label(fields[i], "a node id"));
            --pending_;
        }
        if (pending_ > 0 && !continues)
            lines_.fail(std::string("a ") + type_name() + " element has " +
                        std::to_string(type_.num_nodes) + " node ids, found " +
                        std::to_string(int(type_.num_nodes) - pending_) +
                        " (a line ending in a comma continues on the next)");
    }

    void read_set(const std::vector<std::string_view>& fields) {
        std::vector<std::int64_t>& members = sets_[set_].members;
        if (generate_) {
            if (fields.size() < 2 || fields.size() > 3)
                lines_.fail("expected 'first, last[, step]' in a GENERATE set");
            const std::int64_t first = label(fields[0], "an element id"),
                               last = label(fields[1], "an element id"),
                               step = fields.size() == 3 ? label(fields[2], "a step") : 1;
            if (last < first || (last - first) / step > std::int64_t(INT32_MAX))
                lines_.fail("GENERATE range " + std::to_string(first) + ".." +
                            std::to_string(last) + " is empty or too long");
            for (std::int64_t id = first; id <= last; id += step) members.push_back(id);
            return;
        }
        for (std::string_view field : fields) {
            if (field.empty()) continue;
            if (parse_whole<std::int64_t>(field)) {
                members.push_back(label(field, "an element id"));
                continue;
            }
            const auto it = set_of_name_.find(upper(field));
            if (it == set_of_name_.end() || it->second == set_)
                lines_.fail("set member " + std::string(field) +
                            ": expected an element id or the name of a set defined before");
            const std::vector<std::int64_t>& named = sets_[it->second].members;
            members.insert(members.end(), named.begin(), named.end());
        }
    }

    Mesh finish() {
        nodes_.finish(lines_.file(), "node");
        elements_.finish(lines_.file(), "element");
        Mesh mesh;
        mesh.point_count = PointId(nodes_.size());
        mesh.points = std::move(points_);
        std::size_t at = 0;
        std::vector<PointId> nodes;
        for (std::size_t e = 0; e < types_.size(); ++e) {
            nodes.clear();
            for (int k = 0; k < types_[e].num_nodes; ++k, ++at) {
                const auto node = nodes_.find(element_nodes_[at]);
                if (!node)
                    throw InputError(lines_.file(), elements_.line(e),
                                     "element " + std::to_string(element_ids_[e]) + " names node " +
                                         std::to_string(element_nodes_[at]) +
                                         ", which no *NODE defines");
                nodes.push_back(PointId(*node));
            }
            if (types_[e].type == CellType::Wedge)
                counter_clockwise_wedge_to_vtk(nodes.data(), types_[e].num_nodes);
            mesh.add_cell(types_[e].type, nodes);
        }
        if (!sets_.empty()) tag_cells(mesh);
        set_dimension_from_points(mesh);
        return mesh;
    }

    // Each cell's physical tag: set s is tag s + 1, named by the set.
    void tag_cells(Mesh& mesh) const {
        std::vector<std::int32_t> tag(types_.size(), 0);
        for (std::size_t e = 0; e < types_.size(); ++e) tag[e] = element_sets_[e] + 1;
        std::vector<char> listed(types_.size(), 0);
        for (std::size_t s = 0; s < sets_.size(); ++s) {
            if (!sets_[s].listed) continue;
            for (std::int64_t id : sets_[s].members) {
                const auto element = elements_.find(id);
                if (!element)
                    throw InputError(lines_.file(), sets_[s].line,
                                     "set " + sets_[s].name + " names element " +
                                         std::to_string(id) + ", which no *ELEMENT defines");
                if (!listed[std::size_t(*element)])
                    tag[std::size_t(*element)] = std::int32_t(s + 1);
                listed[std::size_t(*element)] = 1;
            }
        }
        std::vector<char> used(sets_.size() + 1, 0);
        for (std::size_t c = 0; c < tag.size(); ++c) {
            if (tag[c] == 0 || used[std::size_t(tag[c])]) continue;
            used[std::size_t(tag[c])] = 1;
            mesh.physical_groups.push_back(
                {cell_dimension(types_[c].type), tag[c], sets_[std::size_t(tag[c] - 1)].name});
        }
        std::sort(mesh.physical_groups.begin(), mesh.physical_groups.end(),
                  [](const PhysicalGroup& a, const PhysicalGroup& b) { return a.tag < b.tag; });
        mesh.cell_data.push_back(MeshArray::from_values(kPhysicalTagArray, 1, tag));
    }

    LineReader lines_;
    Section section_ = Section::Skipped;
    ElementForm type_{CellType::Vertex, 1};
    std::int32_t element_set_ = -1;
    int pending_ = 0; // node ids the current element still needs
    std::size_t set_ = 0;
    bool generate_ = false;
    int parts_ = 0, instances_ = 0;
    LabelIndex nodes_, elements_;
    std::vector<std::int64_t> element_ids_;
    std::vector<double> points_; // 3 per node
    std::vector<ElementForm> types_;
    std::vector<std::int32_t> element_sets_;
    std::vector<std::int64_t> element_nodes_;
    std::vector<ElementSet> sets_;
    std::map<std::string, std::size_t> set_of_name_;
};

} // namespace

Mesh read_abaqus_mesh(const std::string& path) {
    MappedFile file(path);
    return AbaqusParser(file.text(), path).parse();
}

} // namespace part::formats
