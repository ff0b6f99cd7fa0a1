#include "formats/vtk_legacy_check.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "formats/vtk_check_limits.hpp"
#include "libpart/core/error.hpp"

namespace part::formats {

namespace {

// VTK reads words and lines into 256-byte buffers.
constexpr std::size_t kMaxWord = 255;

// A data type of the legacy format: its name (lower case, as VTK compares it), its size in a
// BINARY file and whether ASCII values are integers. Bits are packed 8 values a byte (size 0);
// VTK writes vtkIdType as int in legacy files.
struct LegacyType {
    std::string_view name;
    int bytes;
    bool integer;
};
constexpr LegacyType kTypes[] = {
    {"bit", 0, true},           {"char", 1, true},         {"signed_char", 1, true},
    {"unsigned_char", 1, true}, {"short", 2, true},        {"unsigned_short", 2, true},
    {"int", 4, true},           {"unsigned_int", 4, true}, {"long", 8, true},
    {"unsigned_long", 8, true}, {"vtktypeint64", 8, true}, {"vtktypeuint64", 8, true},
    {"vtkidtype", 4, true},     {"float", 4, false},       {"double", 8, false}};

// Strings: one a line in ASCII; in BINARY, each after a length of 1, 2, 4 or 8 bytes whose
// first two bits give its size.
constexpr LegacyType kString = {"string", -1, false};

// The VTK cell types the legacy reader builds, and whether one takes any number of points
// (poly-vertex, poly-line, triangle strip, polygon, quadratic polygon, arbitrary order).
bool is_legacy_cell_type(std::int64_t type) {
    return (type >= 0 && type <= 16) || (type >= 21 && type <= 36) || (type >= 68 && type <= 79);
}
bool has_any_size(std::int64_t type) {
    return type == 2 || type == 4 || type == 6 || type == 7 || type == 36 || type >= 68;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool is_space(char c) {
    return std::isspace(static_cast<unsigned char>(c)) != 0;
}

class LegacyFileChecker {
  public:
    LegacyFileChecker(std::string_view text, const std::string& name) : text_(text), name_(name) {}

    void run() {
        header();
        std::string keyword = lower(word("'DATASET UNSTRUCTURED_GRID'"));
        if (keyword != "dataset")
            fail("expected 'DATASET UNSTRUCTURED_GRID', found '" + std::string(last_) + "'");
        const std::string_view kind = word("a dataset type after DATASET");
        if (lower(kind) != "unstructured_grid")
            fail("the dataset is " + std::string(kind) +
                 ": not a legacy VTK unstructured grid (expected 'DATASET UNSTRUCTURED_GRID')");
        geometry();
        if (num_points_ < 0) fail("the file has no POINTS section");
        if (num_cells_ < 0) fail("the file has no CELLS section");
        if (!have_types_) fail("the file has no CELL_TYPES section");
    }

  private:
    // "# vtk DataFile Version x.y", a title line, ASCII or BINARY.
    void header() {
        const std::string_view first = line_text();
        constexpr std::string_view kMagic = "# vtk DataFile Version ";
        if (first.substr(0, kMagic.size()) != kMagic)
            fail("expected the legacy VTK header '# vtk DataFile Version x.y'");
        const std::string_view version = first.substr(kMagic.size());
        const auto dot = version.find('.');
        if (dot == std::string_view::npos ||
            std::from_chars(version.data(), version.data() + dot, major_).ec != std::errc() ||
            major_ < 1)
            fail("expected a version 'x.y' after '# vtk DataFile Version', found '" +
                 std::string(version) + "'");
        next_line();
        line_text(); // the title, anything on one line
        next_line();
        const std::string format = lower(word("ASCII or BINARY"));
        if (format == "binary")
            binary_ = true;
        else if (format != "ascii")
            fail("expected ASCII or BINARY, found '" + std::string(last_) + "'");
    }

    // The sections VTK's unstructured grid reader takes before the attribute data.
    void geometry() {
        while (auto keyword = next_word()) {
            const std::string k = lower(*keyword);
            if (k == "field") {
                field();
            } else if (k == "points") {
                points();
            } else if (k == "cells") {
                cells();
            } else if (k == "cell_types") {
                cell_types();
            } else if (k == "cell_data" || k == "point_data") {
                attributes(k);
                return;
            } else {
                fail("expected POINTS, CELLS, CELL_TYPES, CELL_DATA, POINT_DATA or FIELD, found '" +
                     std::string(*keyword) + "'");
            }
        }
    }

    void points() {
        if (num_points_ >= 0) fail("a second POINTS section");
        const int line = line_;
        num_points_ = count("the number of points after POINTS");
        const LegacyType& type = data_type("the points' data type");
        if (type.name == "bit") fail("points cannot be of type bit");
        values(type, num_points_ * 3, line, "POINTS", nullptr);
        metadata();
    }

    void cells() {
        if (num_points_ < 0) fail("CELLS before POINTS: the point ids cannot be checked");
        if (num_cells_ >= 0) fail("a second CELLS section");
        const std::int64_t first = count("the number of cells after CELLS");
        const std::int64_t second = count("the size of the cell list after the number of cells");
        if (major_ >= 5)
            offsets_and_connectivity(first, second);
        else
            classic_cells(first, second);
    }

    // Before version 5: `CELLS n size`, then per cell its number of points and their ids.
    void classic_cells(std::int64_t n, std::int64_t size) {
        const int line = line_;
        cell_sizes_.clear();
        std::int64_t remaining = 0; // ids still to come in the current cell
        int32_values(
            size, line, "CELLS", "a number of the cell list",
            [&](std::int64_t read, std::int64_t v) {
                if (remaining == 0) {
                    if (std::int64_t(cell_sizes_.size()) == n)
                        fail("CELLS declares " + std::to_string(n) + " cells in " +
                             std::to_string(size) + " numbers: the numbers hold more cells");
                    if (v < 0 || v > size - read)
                        fail("cell " + std::to_string(cell_sizes_.size()) + " has " +
                             std::to_string(v) + " points: expected a count that fits the " +
                             std::to_string(size) + " numbers CELLS declares");
                    cell_sizes_.push_back(std::int32_t(v));
                    remaining = v;
                } else {
                    point_id(v, "cell " + std::to_string(cell_sizes_.size() - 1));
                    --remaining;
                }
            });
        if (std::int64_t(cell_sizes_.size()) != n || remaining != 0)
            fail(line, "CELLS declares " + std::to_string(n) + " cells in " + std::to_string(size) +
                           " numbers: the numbers hold " + std::to_string(cell_sizes_.size()) +
                           " cells" + (remaining ? " and end inside the last" : ""));
        num_cells_ = n;
    }

    // The header of an array section of VTK 5's cells (`keyword` and a data type), whose type
    // must be an integer one; `line` gets the keyword's line, which errors in the values name.
    const LegacyType& integer_array(const char* keyword, const char* type_what, const char* subject,
                                    int& line) {
        expect_keyword(keyword);
        line = line_;
        const LegacyType& type = data_type(type_what);
        if (!type.integer || type.name == "bit")
            fail(std::string(subject) + " of type " + std::string(type.name) +
                 ": expected an integer type");
        return type;
    }

    // Version 5: `CELLS offsets connectivity`, then an OFFSETS and a CONNECTIVITY array.
    void offsets_and_connectivity(std::int64_t num_offsets, std::int64_t num_ids) {
        if (num_offsets < 1)
            fail("CELLS declares " + std::to_string(num_offsets) +
                 " offsets: expected one more than the number of cells");
        int offsets_line = 0;
        const LegacyType& offset_type =
            integer_array("OFFSETS", "the offsets' data type", "the offsets are", offsets_line);
        cell_sizes_.clear();
        std::int64_t previous = 0;
        values(offset_type, num_offsets, offsets_line, "OFFSETS",
               [&](std::int64_t i, std::int64_t v) {
                   if ((i == 0 && v != 0) || v < previous || v > num_ids)
                       fail(offsets_line,
                            "offset " + std::to_string(i) + " is " + std::to_string(v) +
                                ": expected offsets from 0 up to the " + std::to_string(num_ids) +
                                " ids CELLS declares, in order");
                   if (i > 0) cell_sizes_.push_back(std::int32_t(v - previous));
                   previous = v;
               });
        if (previous != num_ids)
            fail(offsets_line, "the last offset is " + std::to_string(previous) +
                                   ": expected the " + std::to_string(num_ids) +
                                   " ids CELLS declares");
        metadata();
        int ids_line = 0;
        const LegacyType& id_type = integer_array("CONNECTIVITY", "the connectivity's data type",
                                                  "the connectivity is", ids_line);
        values(id_type, num_ids, ids_line, "CONNECTIVITY", [&](std::int64_t i, std::int64_t v) {
            point_id(v, "connectivity entry " + std::to_string(i), ids_line);
        });
        metadata();
        num_cells_ = num_offsets - 1;
    }

    void cell_types() {
        if (num_cells_ < 0) fail("CELL_TYPES before CELLS");
        if (have_types_) fail("a second CELL_TYPES section");
        const int line = line_;
        const std::int64_t n = count("the number of cells after CELL_TYPES");
        if (n != num_cells_)
            fail("CELL_TYPES declares " + std::to_string(n) + " cells: expected the " +
                 std::to_string(num_cells_) + " of CELLS");
        int32_values(n, line, "CELL_TYPES", "a cell type", [&](std::int64_t c, std::int64_t type) {
            const int at = binary_ ? line : line_;
            if (!is_legacy_cell_type(type))
                fail(at, "cell " + std::to_string(c) + " has VTK cell type " +
                             std::to_string(type) + ": not a cell type the legacy reader builds");
            // A fixed-size type with the wrong count is mesh_of_grid's error, naming the cell's
            // kind; only the types of any size need a point here.
            if (has_any_size(type) && cell_sizes_[std::size_t(c)] < 1)
                fail(at, "cell " + std::to_string(c) + " of VTK cell type " + std::to_string(type) +
                             " has no points in CELLS: expected at least 1");
        });
        have_types_ = true;
        cell_sizes_ = {};
    }

    // CELL_DATA and POINT_DATA sections, each a sequence of arrays, to the end of the file.
    void attributes(std::string section) {
        std::int64_t tuples = section_tuples(section);
        while (auto keyword = next_word()) {
            const std::string k = lower(*keyword);
            const int line = line_;
            if (k == "cell_data" || k == "point_data") {
                section = k;
                tuples = section_tuples(section);
            } else if (k == "scalars") {
                name_word("the array's name after SCALARS");
                const LegacyType& type = data_type("the scalars' data type");
                std::int64_t components = 1;
                std::string table = lower(word("LOOKUP_TABLE or a number of components"));
                if (table != "lookup_table") {
                    components = parse_count(last_, "the number of components after SCALARS");
                    check_components(components);
                    table = lower(word("LOOKUP_TABLE after the number of components"));
                }
                if (table != "lookup_table")
                    fail("expected 'LOOKUP_TABLE name' after SCALARS, found '" +
                         std::string(last_) + "'");
                name_word("the lookup table's name");
                values(type, tuples * components, line, "SCALARS", nullptr);
                metadata();
            } else if (k == "color_scalars") {
                name_word("the array's name after COLOR_SCALARS");
                const std::int64_t components = count("the number of values after the name");
                check_components(components);
                values(binary_ ? kTypes[3] : kTypes[13], tuples * components, line, "COLOR_SCALARS",
                       nullptr);
            } else if (k == "lookup_table") {
                name_word("the table's name after LOOKUP_TABLE");
                const std::int64_t size = count("the table's size after its name");
                values(binary_ ? kTypes[3] : kTypes[13], size * 4, line, "LOOKUP_TABLE", nullptr);
            } else if (k == "vectors" || k == "normals") {
                typed_array(*keyword, tuples * 3, line);
            } else if (k == "tensors" || k == "tensors6") {
                typed_array(*keyword, tuples * (k == "tensors" ? 9 : 6), line);
            } else if (k == "texture_coordinates") {
                name_word("the array's name after TEXTURE_COORDINATES");
                const std::int64_t dim = count("the dimension after the name");
                if (dim < 1 || dim > 3)
                    fail("texture coordinates of dimension " + std::to_string(dim) +
                         ": expected 1, 2 or 3");
                values(data_type("the data type"), tuples * dim, line, "TEXTURE_COORDINATES",
                       nullptr);
                metadata();
            } else if (k == "global_ids" || k == "pedigree_ids" || k == "edge_flags") {
                typed_array(*keyword, tuples, line);
            } else if (k == "field") {
                field();
            } else {
                fail("expected an attribute (SCALARS, VECTORS, NORMALS, TENSORS, FIELD, ...), "
                     "CELL_DATA or POINT_DATA, found '" +
                     std::string(*keyword) + "'");
            }
        }
    }

    std::int64_t section_tuples(const std::string& section) {
        const std::int64_t n = count("the number of values after " + section);
        const std::int64_t expected = section == "cell_data" ? num_cells_ : num_points_;
        if (n != expected)
            fail(lower(section) + " declares " + std::to_string(n) + " values: expected " +
                 std::to_string(std::max<std::int64_t>(expected, 0)) + ", the number of " +
                 (section == "cell_data" ? "cells" : "points"));
        return n;
    }

    void typed_array(std::string_view keyword, std::int64_t count, int line) {
        name_word("the array's name");
        values(data_type("the data type"), count, line, keyword, nullptr);
        metadata();
    }

    // FIELD name n: n arrays of `name components tuples type` and their values.
    void field() {
        name_word("the field's name after FIELD");
        const std::int64_t arrays = count("the number of arrays of the field");
        for (std::int64_t a = 0; a < arrays; ++a) {
            const std::string_view array = name_word("the name of array " + std::to_string(a));
            if (array == "NULL_ARRAY") continue;
            const int line = line_;
            const std::int64_t components =
                count("the number of components of " + std::string(array));
            check_components(components);
            const std::int64_t tuples = count("the number of tuples of " + std::string(array));
            values(data_type("the data type of " + std::string(array)), components * tuples, line,
                   array, nullptr);
            metadata();
        }
    }

    // An optional METADATA block after an array: lines up to an empty line or the end of the
    // file (VTK's reader takes both; deal.II writes the last block without the empty line).
    void metadata() {
        const std::size_t mark = pos_;
        const int mark_line = line_;
        const auto keyword = next_word();
        if (!keyword || *keyword != "METADATA") {
            pos_ = mark;
            line_ = mark_line;
            return;
        }
        next_line();
        while (pos_ < text_.size()) {
            const std::string_view line = line_text();
            if (line.empty()) {
                next_line();
                return;
            }
            // A vector key's "DATA n v1 ... vn": VTK reserves n values before reading them.
            if (line.substr(0, 5) == "DATA " || line.substr(0, 12) == "INFORMATION ") {
                const std::string_view rest = line.substr(line.find(' ') + 1);
                std::int64_t n = 0;
                const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), n);
                if (ec == std::errc() &&
                    (n < 0 || n > kMaxVtkCount || std::uint64_t(n) > text_.size() - pos_))
                    fail("METADATA declares " + std::to_string(n) +
                         " values, more than the file holds");
            }
            next_line();
        }
    }

    void check_components(std::int64_t components) {
        if (components < 1 || components > kMaxVtkComponents)
            fail(std::to_string(components) + " components: expected 1 to " +
                 std::to_string(kMaxVtkComponents));
    }

    // `count` 32-bit integers, as the cell list and cell types are read: ASCII numbers (`what`
    // in errors), or big-endian binary data after the header line.
    template <typename Each>
    void int32_values(std::int64_t count, int line, std::string_view section,
                      const std::string& what, Each each) {
        if (!binary_) {
            for (std::int64_t i = 0; i < count; ++i) each(i, ascii_integer(what));
            return;
        }
        binary_block(count * 4, line, section, [&](const unsigned char* p) {
            for (std::int64_t i = 0; i < count; ++i)
                each(i, std::int32_t(big_endian(p + 4 * i, 4)));
        });
    }

    // `count` values of `type`: ASCII numbers, or big-endian binary data after the header
    // line. `each` (if any) sees every value as an integer (integer types only).
    template <typename Each>
    void values(const LegacyType& type, std::int64_t count, int line, std::string_view section,
                Each each) {
        if (type.bytes < 0) {
            strings(count, line, section);
            return;
        }
        if (binary_) {
            const std::int64_t bytes = type.bytes == 0 ? (count + 7) / 8 : count * type.bytes;
            binary_block(bytes, line, section, [&](const unsigned char* p) {
                if constexpr (!std::is_same_v<Each, std::nullptr_t>)
                    for (std::int64_t i = 0; i < count; ++i) {
                        const std::uint64_t raw = big_endian(p + i * type.bytes, type.bytes);
                        // Sign-extend the signed types.
                        const int shift = 64 - 8 * type.bytes;
                        const bool is_signed =
                            type.name.substr(0, 8) != "unsigned" && type.name != "vtktypeuint64";
                        each(i,
                             is_signed ? std::int64_t(raw << shift) >> shift : std::int64_t(raw));
                    }
            });
            return;
        }
        if (std::uint64_t(count) > text_.size() - pos_)
            fail(std::string(section) + " declares " + std::to_string(count) +
                 " values, more than the rest of the file holds");
        const std::string what = "a value of " + std::string(section);
        for (std::int64_t i = 0; i < count; ++i) {
            if (type.integer) {
                const std::int64_t v = ascii_integer(what);
                if constexpr (!std::is_same_v<Each, std::nullptr_t>) each(i, v);
            } else {
                ascii_real(what);
            }
        }
    }

    void strings(std::int64_t count, int line, std::string_view section) {
        binary_block(0, line, section, [](const unsigned char*) {});
        for (std::int64_t i = 0; i < count; ++i) {
            if (pos_ >= text_.size())
                fail(line, std::string(section) + " declares " + std::to_string(count) +
                               " strings: the file ends after " + std::to_string(i));
            if (!binary_) {
                next_line();
                continue;
            }
            const auto first = static_cast<unsigned char>(text_[pos_]);
            static constexpr int kHeaderBytes[] = {8, 4, 2, 1};
            const int header = kHeaderBytes[first >> 6];
            if (text_.size() - pos_ < std::size_t(header))
                fail(line,
                     std::string(section) + ": the file ends inside string " + std::to_string(i));
            std::uint64_t length =
                big_endian(reinterpret_cast<const unsigned char*>(text_.data() + pos_), header);
            length &= header == 8 ? ~(std::uint64_t(3) << 62)
                                  : (std::uint64_t(1) << (8 * header - 2)) - 1;
            if (length > text_.size() - pos_ - std::size_t(header))
                fail(line, std::string(section) + ": string " + std::to_string(i) + " of " +
                               std::to_string(length) + " bytes runs past the end of the file");
            skip(header + length);
        }
    }

    // Binary data start after the end of the header's line; VTK reads `bytes` from there.
    template <typename Use>
    void binary_block(std::int64_t bytes, int line, std::string_view section, Use use) {
        while (pos_ < text_.size() && text_[pos_] != '\n') {
            if (!is_space(text_[pos_]))
                fail("expected the end of the " + std::string(section) +
                     " line before its binary data");
            ++pos_;
        }
        if (pos_ == text_.size() || bytes < 0 || std::uint64_t(bytes) > text_.size() - pos_ - 1)
            fail(line, std::string(section) + " needs " + std::to_string(bytes) +
                           " bytes of binary data: the file ends before");
        use(reinterpret_cast<const unsigned char*>(text_.data() + pos_ + 1)); // errors at `line`
        skip(1 + std::size_t(bytes)); // the line's end, then the data
    }

    // Moves past the next `n` bytes, counting the lines they end.
    void skip(std::size_t n) {
        const auto from = text_.begin() + std::ptrdiff_t(pos_);
        line_ += int(std::count(from, from + std::ptrdiff_t(n), '\n'));
        pos_ += n;
    }

    static std::uint64_t big_endian(const unsigned char* p, int bytes) {
        std::uint64_t v = 0;
        for (int i = 0; i < bytes; ++i) v = (v << 8) | p[i];
        return v;
    }

    void point_id(std::int64_t id, const std::string& what, int line = 0) {
        if (id < 0 || id >= num_points_)
            fail(line ? line : line_, what + " refers to point " + std::to_string(id) +
                                          ", out of range: the grid has points 0.." +
                                          std::to_string(num_points_ - 1));
    }

    const LegacyType& data_type(const std::string& what) {
        const std::string name = lower(word(what));
        for (const LegacyType& type : kTypes)
            if (type.name == name) return type;
        if (name == "string" || name == "utf8_string") return kString;
        if (name == "variant") fail("arrays of type " + name + " are not supported");
        fail("unknown data type '" + std::string(last_) +
             "': expected bit, char, unsigned_char, short, unsigned_short, int, unsigned_int, "
             "long, unsigned_long, vtktypeint64, vtktypeuint64, vtkIdType, float or double");
    }

    void expect_keyword(std::string_view keyword) {
        if (word(keyword) != keyword)
            fail("expected " + std::string(keyword) + ", found '" + std::string(last_) + "'");
    }

    std::int64_t count(const std::string& what) { return parse_count(word(what), what); }

    std::int64_t parse_count(std::string_view text, const std::string& what) {
        const std::int64_t n = parse_whole<std::int64_t>(text).value_or(-1);
        if (n < 0 || n > kMaxVtkCount)
            fail("expected " + what + " (an integer from 0 to " + std::to_string(kMaxVtkCount) +
                 "), found '" + std::string(text) + "'");
        return n;
    }

    std::int64_t ascii_integer(const std::string& what) {
        const std::string_view text = word(what);
        const auto v = parse_whole<std::int64_t>(text);
        if (!v || *v < INT32_MIN || *v > INT32_MAX)
            fail("expected " + what + " (an integer), found '" + std::string(text) + "'");
        return *v;
    }

    void ascii_real(const std::string& what) {
        const std::string_view text = word(what);
        if (!parse_whole<double>(text))
            fail("expected " + what + " (a number), found '" + std::string(text) + "'");
    }

    // A name: VTK reads it into a buffer of 256 bytes.
    std::string_view name_word(const std::string& what) {
        const std::string_view name = word(what);
        if (name.size() > kMaxWord)
            fail(what + " is " + std::to_string(name.size()) + " bytes long: expected at most " +
                 std::to_string(kMaxWord));
        return name;
    }

    // The next whitespace-separated word, or an error saying what was expected.
    std::string_view word(std::string_view what) {
        const auto w = next_word();
        if (!w) fail("the file ends where " + std::string(what) + " was expected");
        return *w;
    }

    std::optional<std::string_view> next_word() {
        while (pos_ < text_.size() && is_space(text_[pos_])) {
            if (text_[pos_] == '\n') ++line_;
            ++pos_;
        }
        if (pos_ == text_.size()) return std::nullopt;
        const std::size_t start = pos_;
        while (pos_ < text_.size() && !is_space(text_[pos_])) ++pos_;
        last_ = text_.substr(start, pos_ - start);
        if (last_.size() > kMaxWord)
            fail("a word of " + std::to_string(last_.size()) + " bytes: expected at most " +
                 std::to_string(kMaxWord));
        return last_;
    }

    // The rest of the current line, without its end; VTK reads lines into 256 bytes.
    std::string_view line_text() {
        const std::size_t end = std::min(text_.find('\n', pos_), text_.size());
        std::string_view line = text_.substr(pos_, end - pos_);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.size() > kMaxWord)
            fail("a line of " + std::to_string(line.size()) + " bytes: expected at most " +
                 std::to_string(kMaxWord));
        return line;
    }

    void next_line() {
        const std::size_t end = text_.find('\n', pos_);
        if (end == std::string_view::npos) {
            pos_ = text_.size();
            return;
        }
        pos_ = end + 1;
        ++line_;
    }

    [[noreturn]] void fail(const std::string& message) const { fail(line_, message); }
    [[noreturn]] void fail(int line, const std::string& message) const {
        throw InputError(name_, line, message);
    }

    std::string_view text_;
    const std::string& name_;
    std::size_t pos_ = 0;
    int line_ = 1;
    std::string_view last_;
    int major_ = 0;
    bool binary_ = false;
    std::int64_t num_points_ = -1, num_cells_ = -1;
    bool have_types_ = false;
    std::vector<std::int32_t> cell_sizes_; // points per cell, until CELL_TYPES is checked
};

} // namespace

void check_vtk_legacy_file(const std::string& path) {
    const MappedFile file(path);
    LegacyFileChecker(file.text(), path).run();
}

} // namespace part::formats
