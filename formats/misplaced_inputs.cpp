#include "formats/misplaced_inputs.hpp"

#include <filesystem>
#include <fstream>

#include "formats/chaco_graph_lines.hpp"
#include "formats/line_reader.hpp"

namespace part::formats {

namespace {

// Enough of a file to recognise it, without reading a large one whole.
constexpr std::size_t kSniffBytes = 1 << 16;
constexpr int kSniffLines = 1000;

std::string_view first_filled_line(std::string_view text) {
    LineReader lines(text, "");
    std::string_view line;
    return lines.next_filled(line) ? line : std::string_view{};
}

// Whether every token of `line` is an integer; the count in `tokens`.
bool all_integers(std::string_view line, std::size_t& tokens) {
    LineReader where(line, "");
    FieldCursor fields(line, where);
    tokens = fields.count_remaining();
    std::int64_t value = 0;
    try {
        while (fields.next_integer(value, "a number")) {
        }
    } catch (const InputError&) {
        return false;
    }
    return true;
}

// "ne [ncon]", then an element's node ids.
bool looks_like_metis_mesh(std::string_view text) {
    LineReader lines(text, "");
    std::string_view header, element;
    std::size_t header_tokens = 0, element_tokens = 0;
    return lines.next_filled(header) && all_integers(header, header_tokens) &&
           (header_tokens == 1 || header_tokens == 2) && lines.next_filled(element) &&
           all_integers(element, element_tokens) && element_tokens >= 2;
}

std::string file_start(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::string text(kSniffBytes, '\0');
    in.read(text.data(), std::streamsize(text.size()));
    text.resize(std::size_t(std::max<std::streamsize>(in.gcount(), 0)));
    return text;
}

} // namespace

std::string mesh_kind(const std::string& path, std::string_view text) {
    text = text.substr(0, kSniffBytes);
    const std::string_view first = trimmed(first_filled_line(text));
    if (first.starts_with("$MeshFormat")) return "a Gmsh .msh mesh";
    if (first.starts_with("$NOD")) return "a Gmsh 1.0 .msh mesh";
    if (first.starts_with("# vtk DataFile")) return "a legacy VTK .vtk mesh";
    if ((first.starts_with("<?xml") || first.starts_with("<VTKFile")) &&
        text.find("<VTKFile") != std::string_view::npos)
        return "a VTK XML mesh";
    if (first.starts_with("MeshVersionFormatted")) return "a Medit .mesh mesh";
    if (std::filesystem::path(path).extension() == ".mesh" && looks_like_metis_mesh(text))
        return "a METIS .mesh mesh";
    return "";
}

bool looks_like_partition(std::string_view text) {
    LineReader lines(text.substr(0, kSniffBytes), "");
    std::string_view line;
    int rows = 0;
    for (; rows < kSniffLines && lines.next_filled(line); ++rows) {
        std::size_t tokens = 0;
        if (!all_integers(line, tokens) || tokens != 1) return false;
    }
    return rows > 0;
}

bool looks_like_graph(std::string_view text) {
    LineReader lines(text.substr(0, kSniffBytes), "");
    try {
        parse_chaco_header(lines);
        return true;
    } catch (const InputError&) {
        return false;
    }
}

InputError graph_error_with_hint(const InputError& error, std::string_view text) {
    const std::string kind = mesh_kind(error.file(), text);
    if (kind.empty()) return error;
    return InputError(error.file(), error.line(),
                      "this looks like a mesh: run part-convert first (part-convert " +
                          error.file() + " -o OUT.graph writes its graph); found " + kind +
                          " where a Chaco/METIS graph was expected");
}

InputError graph_error_if_swapped(const InputError& error, const std::string& graph_path,
                                  const std::string& partition_path) {
    if (error.file() != graph_path || partition_path.empty() ||
        !looks_like_partition(file_start(graph_path)) ||
        !looks_like_graph(file_start(partition_path)))
        return error;
    return InputError(graph_path, error.line(),
                      "the graph and partition arguments look swapped: this file holds one "
                      "integer per line (a partition) and " +
                          partition_path +
                          " starts with a graph header 'n m [fmt [ncon]]': give the graph first");
}

} // namespace part::formats
