#include "formats/vtk_xml_check.hpp"

#include <expat.h>
#include <vtkDataCompressor.h>
#include <vtkLZ4DataCompressor.h>
#include <vtkLZMADataCompressor.h>
#include <vtkSmartPointer.h>
#include <vtkZLibDataCompressor.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <exception>
#include <initializer_list>
#include <limits>
#include <map>
#include <optional>
#include <span>
#include <vector>

#include "formats/line_reader.hpp"
#include "formats/mapped_file.hpp"
#include "formats/vtk_check_limits.hpp"
#include "libpart/core/error.hpp"

namespace part::formats {

namespace {

struct ScalarName {
    std::string_view name;
    int bytes; // 0 for strings, whose size the counts do not give
    bool integer;
};
constexpr ScalarName kScalarNames[] = {
    {"Int8", 1, true},     {"UInt8", 1, true},    {"Int16", 2, true},  {"UInt16", 2, true},
    {"Int32", 4, true},    {"UInt32", 4, true},   {"Int64", 8, true},  {"UInt64", 8, true},
    {"Float32", 4, false}, {"Float64", 8, false}, {"String", 0, false}};

// Which element may hold which: in both kinds of file ("" is the document), then in each.
struct Nesting {
    std::string_view parent, child;
};
constexpr Nesting kCommonNesting[] = {
    {"", "VTKFile"},        {"VTKFile", "AppendedData"},     {"FieldData", "DataArray"},
    {"FieldData", "Array"}, {"DataArray", "InformationKey"}, {"Array", "InformationKey"}};
constexpr Nesting kGridNesting[] = {{"VTKFile", "UnstructuredGrid"},
                                    {"UnstructuredGrid", "FieldData"},
                                    {"UnstructuredGrid", "Piece"},
                                    {"Piece", "PointData"},
                                    {"Piece", "CellData"},
                                    {"Piece", "Points"},
                                    {"Piece", "Cells"},
                                    {"PointData", "DataArray"},
                                    {"PointData", "Array"},
                                    {"CellData", "DataArray"},
                                    {"CellData", "Array"},
                                    {"Points", "DataArray"},
                                    {"Cells", "DataArray"}};
constexpr Nesting kParallelNesting[] = {
    {"VTKFile", "PUnstructuredGrid"},    {"PUnstructuredGrid", "FieldData"},
    {"PUnstructuredGrid", "PPointData"}, {"PUnstructuredGrid", "PCellData"},
    {"PUnstructuredGrid", "PPoints"},    {"PUnstructuredGrid", "Piece"},
    {"PPointData", "PDataArray"},        {"PCellData", "PDataArray"},
    {"PPoints", "PDataArray"},           {"PDataArray", "InformationKey"}};
// Elements that appear at most once in their parent.
// PointData and CellData may repeat in a piece (mfem writes two CellData): VTK reads the last,
// and each is checked as any other.
constexpr std::string_view kSingletons[] = {
    "UnstructuredGrid", "PUnstructuredGrid", "AppendedData", "FieldData", "Points", "Cells",
    "PPointData",       "PCellData",         "PPoints"};
constexpr std::string_view kCellArrays[] = {"connectivity", "offsets", "types", "faces",
                                            "faceoffsets"};
constexpr std::string_view kRequiredCellArrays[] = {"connectivity", "offsets", "types"};

// The compressor a file names, or null for a name VTK does not know.
vtkSmartPointer<vtkDataCompressor> make_compressor(std::string_view name) {
    if (name == "vtkZLibDataCompressor") return vtkSmartPointer<vtkZLibDataCompressor>::New();
    if (name == "vtkLZ4DataCompressor") return vtkSmartPointer<vtkLZ4DataCompressor>::New();
    if (name == "vtkLZMADataCompressor") return vtkSmartPointer<vtkLZMADataCompressor>::New();
    return nullptr;
}

template <typename List> bool contains(const List& list, std::string_view item) {
    return std::find(std::begin(list), std::end(list), item) != std::end(list);
}

// Whitespace-separated words, as VTK's ascii reader takes values: the bytes that start one.
std::uint64_t count_words(std::string_view s) {
    std::uint64_t words = 0;
    unsigned char previous = ' ';
    for (const char c : s) {
        const auto byte = static_cast<unsigned char>(c);
        words += byte > ' ' && previous <= ' ';
        previous = byte;
    }
    return words;
}

int base64_digit(char c) {
    constexpr std::string_view kDigits =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const std::size_t digit = kDigits.find(c);
    return digit == std::string_view::npos ? -1 : int(digit);
}

// The start of one array's binary data, raw bytes or base64 text; bytes are decoded only
// where a header is read.
class StoredData {
  public:
    StoredData(std::string_view stored, bool base64) : stored_(stored), base64_(base64) {}
    std::uint64_t available() const { return stored_.size(); }
    // How many stored bytes (base64: characters) a stream of `bytes` bytes takes.
    std::uint64_t stored_size(std::uint64_t bytes) const {
        return base64_ ? (bytes + 2) / 3 * 4 : bytes;
    }
    // Byte `at` of the stream, or nullopt when the data end before it (or are not base64).
    std::optional<unsigned char> byte(std::uint64_t at) const {
        if (!base64_)
            return at < stored_.size() ? std::optional<unsigned char>(stored_[at]) : std::nullopt;
        const std::uint64_t quad = at / 3 * 4;
        const int index = int(at % 3);
        if (quad + 4 > stored_.size()) return std::nullopt;
        std::uint32_t bits = 0;
        for (int k = 0; k < 4; ++k) {
            const char c = stored_[quad + std::uint64_t(k)];
            const int digit = base64_digit(c);
            // '=' pads the last quad: "xx==" holds one byte, "xxx=" two.
            if (digit < 0 && !(c == '=' && k > index + 1)) return std::nullopt;
            bits = bits << 6 | std::uint32_t(std::max(digit, 0));
        }
        return static_cast<unsigned char>(bits >> (16 - 8 * index));
    }

    // Bytes [at, at + n) of the stream (n checked to be there).
    std::string decoded(std::uint64_t at, std::uint64_t n) const {
        if (!base64_) return std::string(stored_.substr(at, n));
        std::string bytes(n, '\0');
        for (std::uint64_t i = 0; i < n; ++i) bytes[i] = char(byte(at + i).value_or(0));
        return bytes;
    }
    // The stream that starts `stored` bytes (base64: characters) further.
    StoredData after(std::uint64_t stored) const {
        return StoredData(stored_.substr(stored), base64_);
    }

  private:
    std::string_view stored_;
    bool base64_;
};

// One data array as declared, and what its data must hold.
struct DeclaredArray {
    std::size_t at = 0; // where its element starts
    std::string name;
    int value_bytes = 0; // 0: strings
    std::int64_t components = 1;
    std::int64_t tuples = -1;     // -1: not given by the counts (connectivity)
    std::int64_t alt_tuples = -1; // another accepted count (offsets: n, or n + 1 with a leading 0)
    std::string format;
    std::uint64_t offset = 0;      // appended
    std::size_t content_begin = 0; // inline: the first byte after the start tag
    bool skip_tried = false;       // inline: whether the parse tried to skip the values
};

struct OpenElement {
    std::string name;
    std::size_t at = 0;  // where it starts
    bool opaque = false; // InformationKey and everything in it: metadata VTK does not size
    std::map<std::string, std::size_t, std::less<>> children; // element name -> first one
    std::map<std::string, std::size_t, std::less<>> arrays;   // array Name -> first one
    int arrays_seen = 0;
    std::optional<DeclaredArray> inline_array; // this array's text, not yet checked
};

class XmlFileChecker {
  public:
    XmlFileChecker(std::string_view text, const std::string& name, VtkXmlKind kind)
        : text_(text), name_(name), kind_(kind), parser_(XML_ParserCreate(nullptr)) {
        if (!parser_) throw std::bad_alloc();
        XML_SetUserData(parser_, this);
        XML_SetElementHandler(parser_, &XmlFileChecker::on_start, &XmlFileChecker::on_end);
    }
    ~XmlFileChecker() { XML_ParserFree(parser_); }
    XmlFileChecker(const XmlFileChecker&) = delete;
    XmlFileChecker& operator=(const XmlFileChecker&) = delete;

    std::vector<std::string> run(const MappedFile* file) {
        parse(file);
        if (error_) std::rethrow_exception(error_);
        if (appended_begin_) {
            // The parse stopped at the raw data: what the skipped end tags would have checked.
            while (!open_.empty()) end_element();
            check_appended_arrays();
        } else if (!appended_.empty()) {
            fail_at(appended_.front().at, "array '" + appended_.front().name +
                                              "' is appended but the file has no <AppendedData>");
        }
        return std::move(piece_sources_);
    }

  private:
    // Feeds expat the text in chunks, up to the appended data, which are binary. The values of
    // inline arrays are skipped: expat would only scan them as character data, and the checks
    // read them straight from the text.
    void parse(const MappedFile* file) {
        constexpr std::size_t kChunk = std::size_t(64) << 10;
        std::size_t at = 0;
        for (;;) {
            const std::size_t n = std::min(kChunk, text_.size() - at);
            const bool last = at + n == text_.size();
            if (XML_Parse(parser_, text_.data() + at, int(n), last) != XML_STATUS_OK) break;
            at += n;
            if (last) return;
            at = past_inline_values(at);
            if (file) file->release_parsed(std::min(at, needed_from()));
        }
        if (error_ || appended_begin_) return;
        error_ = std::make_exception_ptr(InputError(
            name_, line_at(byte_index()),
            std::string("not well-formed XML: ") + XML_ErrorString(XML_GetErrorCode(parser_))));
    }

    // Where to feed expat from when it stopped at `at`: the '<' after the values of the inline
    // array being read, when expat holds no partial token there (a token cut by the chunk's end,
    // such as an entity reference or a multibyte character) and has seen nothing but values
    // since the array's start tag. The bytes skipped are counted, so positions stay true.
    std::size_t past_inline_values(std::size_t at) {
        if (open_.empty() || !open_.back().inline_array) return at;
        DeclaredArray& array = *open_.back().inline_array;
        if (array.skip_tried || at <= array.content_begin) return at;
        array.skip_tried = true;
        const std::string_view seen = text_.substr(array.content_begin, at - array.content_begin);
        const auto last = static_cast<unsigned char>(seen.back());
        if (last >= 0x80 || last == '\r' || last == ']' ||
            seen.find_first_of("<&") != std::string_view::npos)
            return at;
        const std::size_t end = text_.find('<', at);
        if (end == std::string_view::npos) return at; // expat reports the unclosed element
        skipped_bytes_ += end - at;
        return end;
    }

    // The first byte a check still reads: the text of an array not yet checked.
    std::size_t needed_from() const {
        for (const OpenElement& e : open_)
            if (e.inline_array) return e.inline_array->content_begin;
        return text_.size();
    }

    static void XMLCALL on_start(void* self, const XML_Char* name, const XML_Char** atts) {
        static_cast<XmlFileChecker*>(self)->guarded(
            [&](XmlFileChecker& c) { c.start_element(name, atts); });
    }
    static void XMLCALL on_end(void* self, const XML_Char*) {
        static_cast<XmlFileChecker*>(self)->guarded([](XmlFileChecker& c) { c.end_element(); });
    }
    // Exceptions must not cross expat's C frames: the first is kept and the parse stopped.
    template <typename Step> void guarded(Step&& step) {
        if (error_ || appended_begin_) return;
        try {
            step(*this);
        } catch (...) {
            error_ = std::current_exception();
            XML_StopParser(parser_, XML_FALSE);
        }
    }

    // Expat's position in the whole text. Elements are remembered by position, turned into a
    // line only for an error, so that skipped values need not be scanned for line ends.
    std::size_t byte_index() const {
        return std::size_t(XML_GetCurrentByteIndex(parser_)) + skipped_bytes_;
    }
    std::int64_t line_at(std::size_t at) const {
        const std::string_view before = text_.substr(0, at);
        return 1 + std::count(before.begin(), before.end(), '\n');
    }
    [[noreturn]] void fail(const std::string& message) const { fail_at(byte_index(), message); }
    [[noreturn]] void fail_at(std::size_t at, const std::string& message) const {
        throw InputError(name_, line_at(at), message);
    }

    std::string_view grid_name() const {
        return kind_ == VtkXmlKind::UnstructuredGrid ? "UnstructuredGrid" : "PUnstructuredGrid";
    }

    void start_element(std::string_view name, const XML_Char** atts) {
        OpenElement* parent = open_.empty() ? nullptr : &open_.back();
        OpenElement element;
        element.name = name;
        element.at = byte_index();
        if (parent && parent->inline_array) check_inline_array(*parent);
        element.opaque = (parent && parent->opaque) || name == "InformationKey";
        if (!(parent && parent->opaque)) {
            check_nesting(parent ? std::string_view(parent->name) : std::string_view(), name);
            if (parent) note_child(*parent, name);
            check_attributes(parent, element, atts);
        }
        open_.push_back(std::move(element));
        if (name == "AppendedData") find_appended_data(atts);
    }

    void end_element() {
        OpenElement& element = open_.back();
        if (element.inline_array) check_inline_array(element);
        if (!element.opaque) check_children(element);
        open_.pop_back();
    }

    void check_nesting(std::string_view parent, std::string_view child) const {
        const std::span<const Nesting> own = kind_ == VtkXmlKind::UnstructuredGrid
                                                 ? std::span<const Nesting>(kGridNesting)
                                                 : std::span<const Nesting>(kParallelNesting);
        std::string expected;
        for (const std::span<const Nesting> nesting :
             {own, std::span<const Nesting>(kCommonNesting)})
            for (const Nesting& n : nesting) {
                if (n.parent != parent) continue;
                if (n.child == child) return;
                expected += (expected.empty() ? "<" : ", <") + std::string(n.child) + ">";
            }
        fail("unexpected element <" + std::string(child) + ">" +
             (parent.empty() ? std::string(" at the top")
                             : " inside <" + std::string(parent) + ">") +
             (expected.empty() ? ": expected no elements there" : ": expected " + expected));
    }

    void note_child(OpenElement& parent, std::string_view child) const {
        const auto [first, added] = parent.children.emplace(child, byte_index());
        if (!added && contains(kSingletons, child))
            fail("a second <" + std::string(child) + "> inside <" + parent.name +
                 "> (the first is on line " + std::to_string(line_at(first->second)) +
                 "): expected one");
    }

    void check_children(const OpenElement& element) const {
        const auto require = [&](std::string_view child) {
            if (!element.children.count(child))
                fail_at(element.at, "<" + element.name + "> has no <" + std::string(child) + ">");
        };
        if (element.name == "VTKFile") require(grid_name());
        if (element.name == "UnstructuredGrid") require("Piece");
        if (element.name == "Piece" && kind_ == VtkXmlKind::UnstructuredGrid) {
            require("Points");
            require("Cells");
        }
        if (element.name == "Points" || element.name == "PPoints")
            if (element.children.empty())
                fail_at(element.at,
                        "<" + element.name + "> has no array: expected the points' coordinates");
        if (element.name == "Cells")
            for (std::string_view array : kRequiredCellArrays)
                if (!element.arrays.count(array))
                    fail_at(element.at,
                            "<Cells> has no '" + std::string(array) +
                                "' array: expected the arrays connectivity, offsets and types");
    }

    static const char* attribute(const XML_Char** atts, std::string_view key) {
        for (; *atts; atts += 2)
            if (key == atts[0]) return atts[1];
        return nullptr;
    }

    // An integer attribute in [low, high], or nullopt when absent.
    std::optional<std::int64_t> optional_count(const XML_Char** atts, std::string_view key,
                                               std::int64_t low, std::int64_t high) const {
        const char* value = attribute(atts, key);
        if (!value) return std::nullopt;
        const auto number = parse_whole<std::int64_t>(trimmed(value));
        if (!number || *number < low || *number > high)
            fail(std::string(key) + "=\"" + value + "\": expected an integer from " +
                 std::to_string(low) + " to " + std::to_string(high));
        return number;
    }

    std::int64_t required_count(const XML_Char** atts, std::string_view element,
                                std::string_view key, std::int64_t high) const {
        const auto number = optional_count(atts, key, 0, high);
        if (!number)
            fail("<" + std::string(element) + "> has no " + std::string(key) +
                 " attribute: expected an integer from 0 to " + std::to_string(high));
        return *number;
    }

    void check_choice(const XML_Char** atts, std::string_view key,
                      std::initializer_list<std::string_view> choices) const {
        const char* value = attribute(atts, key);
        if (!value || std::find(choices.begin(), choices.end(), value) != choices.end()) return;
        std::string expected;
        for (std::string_view c : choices)
            expected += (expected.empty() ? "" : " or ") + std::string(c);
        fail(std::string(key) + "=\"" + value + "\": expected " + expected);
    }

    void check_attributes(OpenElement* parent, OpenElement& element, const XML_Char** atts) {
        const std::string_view name = element.name;
        if (name == "VTKFile") check_root(atts);
        if (name == "Piece" && kind_ == VtkXmlKind::UnstructuredGrid) {
            piece_points_ = required_count(atts, name, "NumberOfPoints", kMaxVtkCount);
            piece_cells_ = required_count(atts, name, "NumberOfCells", kMaxVtkCount);
        }
        if (name == "Piece" && kind_ == VtkXmlKind::PUnstructuredGrid) {
            const char* source = attribute(atts, "Source");
            if (!source || trimmed(source).empty())
                fail("<Piece> has no Source attribute: expected the file of the piece");
            piece_sources_.emplace_back(source);
        }
        if (name == "PUnstructuredGrid") optional_count(atts, "GhostLevel", 0, kMaxVtkCount);
        if (name == "DataArray" || name == "Array" || name == "PDataArray")
            declare_array(*parent, element, atts);
    }

    void check_root(const XML_Char** atts) {
        const char* type = attribute(atts, "type");
        if (!type || type != grid_name())
            fail(
                std::string("VTKFile type=\"") + (type ? type : "") + "\": expected \"" +
                std::string(grid_name()) +
                (kind_ == VtkXmlKind::UnstructuredGrid ? "\" (a .vtu file)" : "\" (a .pvtu file)"));
        check_choice(atts, "byte_order", {"LittleEndian", "BigEndian"});
        check_choice(atts, "header_type", {"UInt32", "UInt64"});
        const char* compressor = attribute(atts, "compressor");
        compressed_ = compressor && *compressor;
        if (compressed_ && !(compressor_ = make_compressor(compressor)))
            fail(std::string("compressor=\"") + compressor +
                 "\": expected vtkZLibDataCompressor, vtkLZ4DataCompressor or "
                 "vtkLZMADataCompressor");
        const char* order = attribute(atts, "byte_order");
        const char* header = attribute(atts, "header_type");
        big_endian_ = order && std::string_view(order) == "BigEndian";
        header_bytes_ = header && std::string_view(header) == "UInt64" ? 8 : 4;
    }

    const ScalarName& scalar_type(const XML_Char** atts) const {
        const char* type = attribute(atts, "type");
        for (const ScalarName& s : kScalarNames)
            if (type && s.name == type) return s;
        fail(std::string("data array type=\"") + (type ? type : "") +
             "\": expected Int8, Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64, Float32, "
             "Float64 or String");
    }

    void declare_array(OpenElement& parent, OpenElement& element, const XML_Char** atts) {
        DeclaredArray array;
        array.at = element.at;
        const char* name = attribute(atts, "Name");
        array.name = name ? name : "";
        const ScalarName& type = scalar_type(atts);
        array.value_bytes = type.bytes;
        array.components =
            optional_count(atts, "NumberOfComponents", 1, kMaxVtkComponents).value_or(1);
        if (name) {
            const auto [first, added] = parent.arrays.emplace(array.name, array.at);
            if (!added)
                fail("a second array named '" + array.name + "' in <" + parent.name +
                     "> (the first is on line " + std::to_string(line_at(first->second)) +
                     "): expected each name once");
        }
        const bool points = parent.name == "Points" || parent.name == "PPoints";
        if (points && ++parent.arrays_seen > 1)
            fail("a second array in <" + parent.name + ">: expected one, the coordinates");
        if (points && (array.components != 3 || type.bytes == 0))
            fail("the points array has " + std::to_string(array.components) +
                 " components of type " + std::string(type.name) +
                 ": expected 3 numbers per point");
        if (element.name == "PDataArray") return; // a declaration only: no data
        if (parent.name == "Cells") declare_cell_array(array, type);
        if (points || parent.name == "PointData") array.tuples = piece_points_;
        if (parent.name == "CellData") array.tuples = piece_cells_;
        if (parent.name == "FieldData")
            array.tuples = required_count(atts, element.name, "NumberOfTuples", kMaxVtkCount);
        else
            optional_count(atts, "NumberOfTuples", 0, kMaxVtkCount); // the piece's counts rule

        const char* format = attribute(atts, "format");
        array.format = format ? format : "";
        if (array.format == "appended") {
            array.offset = std::uint64_t(required_count(atts, element.name, "offset",
                                                        std::numeric_limits<std::int64_t>::max()));
            appended_.push_back(std::move(array));
        } else if (array.format == "ascii" || array.format == "binary") {
            array.content_begin = byte_index() + std::size_t(XML_GetCurrentByteCount(parser_));
            element.inline_array = std::move(array);
        } else {
            fail("array '" + array.name + "' has format=\"" + array.format +
                 "\": expected ascii, binary or appended");
        }
    }

    void declare_cell_array(DeclaredArray& array, const ScalarName& type) const {
        if (!contains(kCellArrays, array.name))
            fail("array '" + array.name +
                 "' in <Cells>: expected connectivity, offsets, types (faces, faceoffsets)");
        if (!type.integer || array.components != 1)
            fail("cell array '" + array.name + "' has " + std::to_string(array.components) +
                 " components of type " + std::string(type.name) +
                 ": expected one integer per value");
        if (array.name == "types") array.tuples = piece_cells_;
        if (array.name == "offsets") {
            array.tuples = piece_cells_;
            array.alt_tuples = piece_cells_ + 1;
        }
    }

    // Whether `amount` (values or bytes, `per_tuple` of them a tuple) is what `a` declares.
    static bool holds_declared(const DeclaredArray& a, std::uint64_t amount,
                               std::uint64_t per_tuple) {
        if (a.tuples < 0) return amount % per_tuple == 0;
        return amount == std::uint64_t(a.tuples) * per_tuple ||
               (a.alt_tuples >= 0 && amount == std::uint64_t(a.alt_tuples) * per_tuple);
    }
    // What `a` declares, for errors; `unit` follows a count of tuples.
    static std::string declared(const DeclaredArray& a, std::uint64_t per_tuple,
                                const std::string& unit) {
        if (a.tuples < 0) return "a multiple of " + std::to_string(per_tuple);
        std::string what = std::to_string(a.tuples) + " tuples";
        if (a.alt_tuples >= 0)
            what = std::to_string(a.tuples) + " or " + std::to_string(a.alt_tuples) + " values";
        if (a.components > 1) what += " of " + std::to_string(a.components) + " components";
        return what + unit;
    }

    void check_inline_array(OpenElement& element) {
        const DeclaredArray array = std::move(*element.inline_array);
        element.inline_array.reset();
        const std::size_t end = byte_index();
        const std::string_view content =
            end > array.content_begin ? text_.substr(array.content_begin, end - array.content_begin)
                                      : std::string_view();
        if (array.format == "binary") {
            check_binary(array, StoredData(trimmed(content), true), "its inline base64 text");
            return;
        }
        if (array.value_bytes == 0) return check_ascii_strings(array, content);
        const std::uint64_t values = count_words(content);
        if (!holds_declared(array, values, std::uint64_t(array.components)))
            fail_at(array.at, "array '" + array.name + "' holds " + std::to_string(values) +
                                  " values: expected " +
                                  declared(array, std::uint64_t(array.components), ""));
    }

    // Ascii strings are their characters' codes, each string ended by a 0.
    void check_ascii_strings(const DeclaredArray& array, std::string_view content) const {
        std::uint64_t strings = 0;
        bool unterminated = false;
        for (std::size_t at = content.find_first_not_of(" \t\r\n"); at != std::string_view::npos;) {
            const std::size_t end = std::min(content.find_first_of(" \t\r\n", at), content.size());
            const bool zero = content.substr(at, end - at) == "0";
            strings += zero;
            unterminated = !zero;
            at = content.find_first_not_of(" \t\r\n", end);
        }
        check_string_count(array, strings + unterminated);
    }

    // The header word `index` of binary data, or an error when the data end inside it.
    std::uint64_t header_word(const DeclaredArray& array, const StoredData& data,
                              std::uint64_t index, const std::string& where) const {
        std::uint64_t word = 0;
        for (int k = 0; k < header_bytes_; ++k) {
            const auto b = data.byte(index * std::uint64_t(header_bytes_) + std::uint64_t(k));
            if (!b)
                fail_at(array.at, "array '" + array.name + "': " + where +
                                      " ends inside the data's header (or is not base64 there)");
            const int shift = big_endian_ ? 8 * (header_bytes_ - 1 - k) : 8 * k;
            word |= std::uint64_t(*b) << shift;
        }
        return word;
    }

    // Checks the header at the start of `data` and that the data it declares follow it whole
    // and hold the array's declared values.
    void check_binary(const DeclaredArray& array, const StoredData& data,
                      const std::string& where) const {
        const auto fail_here = [&](const std::string& message) {
            fail_at(array.at, "array '" + array.name + "': " + message);
        };
        const auto word = [&](std::uint64_t i) { return header_word(array, data, i, where); };
        const std::uint64_t available = data.available();
        const auto word_bytes = std::uint64_t(header_bytes_);
        std::uint64_t bytes = 0, stored = 0;
        if (!compressed_) {
            bytes = word(0);
            if (bytes > available)
                stored = std::numeric_limits<std::uint64_t>::max();
            else
                stored = data.stored_size(word_bytes + bytes);
        } else {
            const std::uint64_t blocks = word(0), block = word(1), last = word(2);
            if (blocks > available / word_bytes)
                fail_here("its compression header declares " + std::to_string(blocks) +
                          " blocks, more than " + where + " can hold");
            // VTK's reader takes `last` away from the total even without blocks.
            if (last > block || (blocks == 0 && last != 0) || (blocks > 0 && block == 0))
                fail_here("its compression header declares " + std::to_string(blocks) +
                          " blocks of " + std::to_string(block) + " bytes, the last of " +
                          std::to_string(last) +
                          ": expected blocks of some bytes, the last no larger (0: full), "
                          "and no last block without blocks");
            stored = data.stored_size(word_bytes * (3 + blocks));
            std::uint64_t compressed = 0;
            for (std::uint64_t i = 0; i < blocks && compressed <= available; ++i)
                compressed += std::min(word(3 + i), available + 1);
            stored = compressed > available ? std::numeric_limits<std::uint64_t>::max()
                                            : stored + data.stored_size(compressed);
            if (blocks > 0 && (__builtin_mul_overflow(blocks - 1, block, &bytes) ||
                               __builtin_add_overflow(bytes, last ? last : block, &bytes)))
                bytes = std::numeric_limits<std::uint64_t>::max();
        }
        if (stored > available)
            fail_here("its header declares more data than " + where + " holds (" +
                      std::to_string(available) + " bytes)");
        if (array.value_bytes == 0) return check_strings(array, data, bytes);
        const auto tuple_bytes = std::uint64_t(array.components) * std::uint64_t(array.value_bytes);
        if (!holds_declared(array, bytes, tuple_bytes))
            fail_here("its header declares " + std::to_string(bytes) + " bytes of data: expected " +
                      declared(array, tuple_bytes,
                               " of " + std::to_string(array.value_bytes) + " bytes"));
    }

    // VTK's reader stores the strings it finds into an array sized by the declared tuples,
    // writing past its end when there are more, so string arrays are counted: their bytes are
    // decoded (and decompressed) here, where check_binary has found them whole.
    void check_strings(const DeclaredArray& array, const StoredData& data,
                       std::uint64_t bytes) const {
        std::uint64_t strings = 0;
        bool unterminated = false;
        const auto count = [&](std::string_view text) {
            for (const char c : text) strings += c == '\0';
            if (!text.empty()) unterminated = text.back() != '\0';
        };
        if (!compressed_) {
            count(data.decoded(std::uint64_t(header_bytes_), bytes));
        } else {
            const auto word = [&](std::uint64_t i) { return header_word(array, data, i, ""); };
            const std::uint64_t blocks = word(0), block = word(1), last = word(2);
            constexpr std::uint64_t kMaxBlock = std::uint64_t(1) << 26;
            if (block > kMaxBlock)
                fail_at(array.at, "string array '" + array.name + "' has compressed blocks of " +
                                      std::to_string(block) + " bytes: expected at most " +
                                      std::to_string(kMaxBlock));
            const StoredData blocks_data =
                data.after(data.stored_size(std::uint64_t(header_bytes_) * (3 + blocks)));
            std::uint64_t at = 0;
            for (std::uint64_t i = 0; i < blocks; ++i) {
                const std::uint64_t size = word(3 + i);
                const auto packed = blocks_data.decoded(at, size);
                std::string unpacked(i + 1 == blocks && last ? last : block, '\0');
                at += size;
                if (compressor_->Uncompress(reinterpret_cast<const unsigned char*>(packed.data()),
                                            packed.size(),
                                            reinterpret_cast<unsigned char*>(unpacked.data()),
                                            unpacked.size()) != unpacked.size())
                    fail_at(array.at, "string array '" + array.name + "': compressed block " +
                                          std::to_string(i) + " does not decompress to " +
                                          std::to_string(unpacked.size()) + " bytes");
                count(unpacked);
            }
        }
        check_string_count(array, strings + unterminated);
    }

    void check_string_count(const DeclaredArray& array, std::uint64_t strings) const {
        const std::uint64_t expected = std::uint64_t(std::max<std::int64_t>(array.tuples, 0)) *
                                       std::uint64_t(array.components);
        if (strings != expected)
            fail_at(array.at, "string array '" + array.name + "' holds " + std::to_string(strings) +
                                  " strings: expected " + std::to_string(expected) +
                                  " (tuples times components)");
    }

    // At <AppendedData>: where its data start ('_' marks them) and end. Stops the parse, as
    // VTK's does: what follows is binary. VTK's reader skips only spaces, tabs and line breaks
    // before the data and takes any other byte for the data's first: a '_' after another
    // control byte would put its headers elsewhere than the ones checked here.
    void find_appended_data(const XML_Char** atts) {
        check_choice(atts, "encoding", {"raw", "base64"});
        const char* encoding = attribute(atts, "encoding");
        appended_raw_ = encoding && std::string_view(encoding) == "raw";
        std::size_t at = byte_index() + std::size_t(XML_GetCurrentByteCount(parser_));
        while (at < text_.size() &&
               std::string_view(" \t\n\r").find(text_[at]) != std::string_view::npos)
            ++at;
        if (at >= text_.size() || text_[at] != '_')
            fail("<AppendedData> does not start with '_': expected '_' before the data");
        const std::size_t end = text_.rfind("</AppendedData>");
        appended_data_ =
            text_.substr(at + 1, end == std::string_view::npos || end <= at ? std::string_view::npos
                                                                            : end - at - 1);
        appended_begin_ = true;
        XML_StopParser(parser_, XML_FALSE);
    }

    void check_appended_arrays() const {
        for (const DeclaredArray& array : appended_) {
            if (array.offset >= appended_data_.size())
                fail_at(array.at, "array '" + array.name + "' has offset=\"" +
                                      std::to_string(array.offset) +
                                      "\": expected an offset within the appended data (" +
                                      std::to_string(appended_data_.size()) + " bytes)");
            check_binary(array, StoredData(appended_data_.substr(array.offset), !appended_raw_),
                         "the appended data from offset " + std::to_string(array.offset));
        }
    }

    std::string_view text_;
    const std::string& name_;
    VtkXmlKind kind_;
    XML_Parser parser_;
    std::exception_ptr error_;
    std::vector<OpenElement> open_;
    std::vector<DeclaredArray> appended_;
    std::int64_t piece_points_ = 0, piece_cells_ = 0;
    int header_bytes_ = 4;
    bool big_endian_ = false, compressed_ = false;
    vtkSmartPointer<vtkDataCompressor> compressor_; // for string arrays
    bool appended_begin_ = false, appended_raw_ = false;
    std::string_view appended_data_;
    std::size_t skipped_bytes_ = 0;
    std::vector<std::string> piece_sources_;
};

} // namespace

void check_vtk_xml_text(std::string_view text, const std::string& name, VtkXmlKind kind) {
    XmlFileChecker(text, name, kind).run(nullptr);
}

std::vector<std::string> check_vtk_xml_file(const std::string& path, VtkXmlKind kind) {
    const MappedFile file(path);
    return XmlFileChecker(file.text(), path, kind).run(&file);
}

} // namespace part::formats
